import { parseDateTime } from '../documents/query/query-values.js';
import { decodeQuery, type RawQuery } from '../documents/query/raw-query.js';

/**
 * Dates in document queries that PostgreSQL cannot take: JavaScript reads
 * `0000-01-01` (year 0) and offsets past 9999-12-31 as valid dates, but a
 * timestamptz parameter refuses them. Only years 1 to 9999 are accepted.
 */
const DATE_ATTRIBUTES = new Set(['$createdAt', '$updatedAt']);
const DATE_METHODS = new Set(['createdBefore', 'createdAfter', 'createdBetween', 'updatedBefore', 'updatedAfter', 'updatedBetween']);
const NESTING_METHODS = new Set(['and', 'or']);
const MAX_DEPTH = 4;

const inRange = (d: Date) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999;

function badDate(q: RawQuery, depth: number): string | null {
  if (NESTING_METHODS.has(q.method)) {
    if (depth >= MAX_DEPTH) return null;
    for (const inner of q.values) {
      let nested: RawQuery;
      try {
        nested = decodeQuery(inner);
      } catch {
        continue;
      }
      const found = badDate(nested, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (!DATE_METHODS.has(q.method) && !DATE_ATTRIBUTES.has(q.attribute)) return null;
  for (const value of q.values) {
    const d = typeof value === 'string' ? parseDateTime(value) : null;
    if (d && !inRange(d)) {
      const attribute = DATE_ATTRIBUTES.has(q.attribute) ? q.attribute : q.method.startsWith('created') ? '$createdAt' : '$updatedAt';
      return `Invalid query: Query value is invalid for attribute "${attribute}" in ${q.method}: expected a date between the years 1 and 9999, got ${JSON.stringify(value)}.`;
    }
  }
  return null;
}

/**
 * The message for the first query (each a JSON string, as in `queries[]`)
 * comparing `$createdAt`/`$updatedAt` with a date outside years 1 to 9999,
 * or null. Queries that do not parse are left to the query parser.
 */
export function outOfRangeDate(queries: readonly string[]): string | null {
  for (const text of queries) {
    let q: RawQuery;
    try {
      q = decodeQuery(text);
    } catch {
      continue;
    }
    const found = badDate(q, 0);
    if (found) return found;
  }
  return null;
}
