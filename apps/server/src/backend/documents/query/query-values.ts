import type { Field } from './fields.js';
import type { Scalar } from './query-types.js';
import { queryError } from './raw-query.js';

/**
 * Checks one query value against the field it is compared with and returns
 * it in the form SQL binds: datetimes as ISO strings in UTC, `$sequence` as a
 * number (the model serialises it as a string, so both forms are accepted).
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Parses an ISO 8601 date-time; a time without zone is UTC (as Appwrite stores it). Null when invalid. */
export function parseDateTime(text: string): Date | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const hasTime = text.length > 10;
  const normalised = hasTime && !m[1] ? text.replace(' ', 'T') + 'Z' : text.replace(' ', 'T');
  const d = new Date(normalised);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function checkValue(method: string, field: Field, value: unknown): Scalar {
  const bad = (expected: string) =>
    queryError(`Query value is invalid for attribute "${field.name}" in ${method}: expected ${expected}, got ${JSON.stringify(value)}.`);
  switch (field.kind) {
    case 'string':
      if (typeof value !== 'string') throw bad('a string');
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw bad('an integer');
      return value;
    case 'double':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw bad('a number');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw bad('a boolean');
      return value;
    case 'datetime': {
      const d = typeof value === 'string' ? parseDateTime(value) : null;
      if (!d) throw bad('an ISO 8601 date');
      return d.toISOString();
    }
    case 'sequence':
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
      if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
      throw bad('a sequence number');
  }
}
