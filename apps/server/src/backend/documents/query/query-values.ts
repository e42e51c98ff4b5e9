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

/** The JSON type each plain value kind takes, as Appwrite's validators check it (a query value or a document's). */
export const IS_KIND: Record<'string' | 'integer' | 'double' | 'boolean', (v: unknown) => v is Scalar> = {
  string: (v): v is string => typeof v === 'string',
  integer: (v): v is number => typeof v === 'number' && Number.isSafeInteger(v),
  double: (v): v is number => typeof v === 'number' && Number.isFinite(v),
  boolean: (v): v is boolean => typeof v === 'boolean',
};

/** A JSON value as an ISO 8601 date-time in UTC (parseDateTime), or null when it is not one. */
export const isoDateTime = (value: unknown): string | null =>
  (typeof value === 'string' ? parseDateTime(value) : null)?.toISOString() ?? null;

const EXPECTED = { string: 'a string', integer: 'an integer', double: 'a number', boolean: 'a boolean' } as const;

export function checkValue(method: string, field: Field, value: unknown): Scalar {
  const bad = (expected: string) =>
    queryError(`Query value is invalid for attribute "${field.name}" in ${method}: expected ${expected}, got ${JSON.stringify(value)}.`);
  switch (field.kind) {
    case 'string':
    case 'integer':
    case 'double':
    case 'boolean':
      if (!IS_KIND[field.kind](value)) throw bad(EXPECTED[field.kind]);
      return value;
    case 'datetime': {
      const iso = isoDateTime(value);
      if (iso === null) throw bad('an ISO 8601 date');
      return iso;
    }
    case 'sequence':
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
      if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
      throw bad('a sequence number');
  }
}
