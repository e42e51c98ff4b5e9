import { decodeQuery, queryError, type RawQuery } from '../documents/query/raw-query.js';

/**
 * Realtime subscription queries (backend-api.md §7): Appwrite allows equal,
 * notEqual, lessThan(Equal), greaterThan(Equal), isNull, isNotNull, and, or
 * and select (only `["*"]`); they filter on the event payload.
 */
export type PayloadFilter = (payload: Record<string, unknown>) => boolean;

const MAX_DEPTH = 3;

type Comparable = string | number | boolean;
const isComparable = (v: unknown): v is Comparable => ['string', 'number', 'boolean'].includes(typeof v);

function compare(a: unknown, b: unknown, test: (diff: number) => boolean): boolean {
  if (!isComparable(a) || typeof a !== typeof b) return false;
  return test(a < (b as Comparable) ? -1 : a > (b as Comparable) ? 1 : 0);
}

/** Array attributes match when any element does (as contains would). */
const anyOf = (v: unknown, test: (x: unknown) => boolean) => (Array.isArray(v) ? v.some(test) : test(v));

function compile(q: RawQuery, depth: number): PayloadFilter | null {
  const attr = q.attribute;
  const one = () => {
    if (q.values.length !== 1) throw queryError(`${q.method} on "${attr}" takes exactly 1 value, got ${q.values.length}.`);
    return q.values[0];
  };
  const needAttribute = () => {
    if (attr === '') throw queryError(`${q.method} needs an attribute.`);
  };
  switch (q.method) {
    case 'equal':
    case 'notEqual': {
      needAttribute();
      if (q.values.length === 0) throw queryError(`${q.method} on "${attr}" needs at least one value.`);
      const values = q.values;
      const hit = (p: Record<string, unknown>) => anyOf(p[attr], (x) => values.some((v) => v === x));
      return q.method === 'equal' ? hit : (p) => !hit(p);
    }
    case 'lessThan':
    case 'lessThanEqual':
    case 'greaterThan':
    case 'greaterThanEqual': {
      needAttribute();
      const v = one();
      const test = {
        lessThan: (d: number) => d < 0,
        lessThanEqual: (d: number) => d <= 0,
        greaterThan: (d: number) => d > 0,
        greaterThanEqual: (d: number) => d >= 0,
      }[q.method];
      return (p) => anyOf(p[attr], (x) => compare(x, v, test));
    }
    case 'isNull':
      needAttribute();
      return (p) => p[attr] === null || p[attr] === undefined;
    case 'isNotNull':
      needAttribute();
      return (p) => p[attr] !== null && p[attr] !== undefined;
    case 'and':
    case 'or': {
      if (depth >= MAX_DEPTH) throw queryError(`${q.method} queries can be nested at most ${MAX_DEPTH} levels deep.`);
      if (q.values.length === 0) throw queryError(`${q.method} needs at least one query.`);
      const parts = q.values.map((v) => compile(decodeQuery(v), depth + 1) ?? (() => true));
      return q.method === 'and' ? (p) => parts.every((f) => f(p)) : (p) => parts.some((f) => f(p));
    }
    case 'select':
      if (q.values.length !== 1 || q.values[0] !== '*') throw queryError('Realtime subscriptions only allow select(["*"]).');
      return null;
    default:
      throw queryError(`${q.method} is not supported in realtime subscriptions.`);
  }
}

/** One filter for every subscription without queries. */
const everything: PayloadFilter = () => true;

/** Compiles a subscription's query strings; throws general_query_invalid AppwriteErrors. Empty = everything. */
export function compilePayloadFilter(queries: readonly unknown[]): PayloadFilter {
  if (queries.length > 100) throw queryError('A maximum of 100 queries is allowed.');
  const filters = queries.map((q) => compile(decodeQuery(q), 0)).filter((f): f is PayloadFilter => f !== null);
  return filters.length === 0 ? everything : (p) => filters.every((f) => f(p));
}
