import { isIP } from 'node:net';
import { AppwriteError } from '../http/errors.js';
import type { Attribute, Collection } from '../schema/appwrite-schema.js';
import { IS_KIND, isoDateTime } from './query/query-values.js';

/**
 * Checks a document's `data` against the collection's attributes, as
 * Appwrite's structure validator does, and returns the values in the form
 * SQL binds (datetimes as ISO strings). Every failure is 400
 * document_invalid_structure naming the attribute and what was wrong.
 */
export const invalidStructure = (message: string) =>
  new AppwriteError(400, 'document_invalid_structure', `Invalid document structure: ${message}`);

/** `$` metadata a client may echo back from a fetched document; it is ignored, never stored. */
const METADATA = new Set(['$id', '$sequence', '$collectionId', '$databaseId', '$createdAt', '$updatedAt', '$permissions', '$tableId']);
const MAX_ARRAY_LENGTH = 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const length = (s: string) => [...s].length;

function checkScalar(a: Attribute, value: unknown): unknown {
  const invalid = (expected: string) => invalidStructure(`Attribute "${a.key}" has invalid type. Value must be ${expected}`);
  const range = () => {
    const min = a.min ?? (a.type === 'integer' ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE);
    const max = a.max ?? (a.type === 'integer' ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE);
    if ((value as number) < min || (value as number) > max) {
      throw invalidStructure(`Attribute "${a.key}" has invalid value. Value must be a valid range between ${min} and ${max}`);
    }
  };
  switch (a.type) {
    case 'string': {
      if (typeof value !== 'string' || length(value) > a.size!) {
        throw invalid(`a valid string and no longer than ${a.size} chars`);
      }
      if (a.format === 'enum' && !a.elements!.includes(value)) throw invalid(`one of (${a.elements!.join(', ')})`);
      if (a.format === 'email' && !EMAIL.test(value)) throw invalid('a valid email address');
      if (a.format === 'ip' && !isIP(value)) throw invalid('a valid IP address');
      if (a.format === 'url' && !URL.canParse(value)) throw invalid('a valid URL');
      return value;
    }
    case 'integer':
    case 'double':
      if (!IS_KIND[a.type](value)) throw invalid(a.type === 'integer' ? 'a valid integer' : 'a valid number');
      range();
      return value;
    case 'boolean':
      if (!IS_KIND.boolean(value)) throw invalid('a valid boolean');
      return value;
    case 'datetime': {
      const iso = isoDateTime(value);
      if (iso === null) throw invalid('a valid ISO 8601 date');
      return iso;
    }
  }
}

function checkValue(a: Attribute, value: unknown): unknown {
  if (value === null) {
    if (a.required) throw invalidStructure(`Missing required attribute "${a.key}"`);
    return null;
  }
  if (!a.array) return checkScalar(a, value);
  if (!Array.isArray(value)) throw invalidStructure(`Attribute "${a.key}" must be an array`);
  if (value.length > MAX_ARRAY_LENGTH) throw invalidStructure(`Attribute "${a.key}" can hold at most ${MAX_ARRAY_LENGTH} items`);
  return value.map((v) => {
    if (v === null) throw invalidStructure(`Attribute "${a.key}" cannot hold null items`);
    return checkScalar(a, v);
  });
}

/** Parses the `data` param (an object, or a JSON string of one as some clients send). */
export function dataObject(data: unknown): Record<string, unknown> {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      throw invalidStructure('data must be a JSON object');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidStructure('data must be a JSON object');
  return value as Record<string, unknown>;
}

/**
 * `create`: every attribute, required ones present, missing optional ones
 * take their default. `update`: only the attributes given (a partial merge).
 */
export function validateData(collection: Collection, data: Record<string, unknown>, mode: 'create' | 'update'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(data)) {
    if (METADATA.has(key)) continue;
    if (!collection.attributes.some((a) => a.key === key)) throw invalidStructure(`Unknown attribute: "${key}"`);
  }
  for (const a of collection.attributes) {
    if (data[a.key] !== undefined) out[a.key] = checkValue(a, data[a.key]);
    else if (mode === 'create') {
      if (a.required) throw invalidStructure(`Missing required attribute "${a.key}"`);
      out[a.key] = a.default ?? null;
    }
  }
  return out;
}
