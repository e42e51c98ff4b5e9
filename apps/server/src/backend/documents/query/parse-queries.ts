import type { Collection } from '../../schema/appwrite-schema.js';
import { fieldsOf, type Field } from './fields.js';
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_OFFSET,
  type Filter,
  type ListQuery,
  type Order,
  type Scalar,
} from './query-types.js';
import { decodeQuery, queryError, type RawQuery } from './raw-query.js';
import { checkValue } from './query-values.js';

/**
 * Turns decoded queries into a validated ListQuery for one collection
 * (backend-api.md §5, SPEC#documents-api-query-operators): every attribute is checked against
 * appwrite.json, every value against the attribute's type; anything else is a
 * 400 general_query_invalid naming the problem.
 */
const MAX_DEPTH = 3;
const MAX_VALUES = 100;

type Fields = Map<string, Field>;

function field(fields: Fields, method: string, name: string): Field {
  if (name === '') throw queryError(`${method} needs an attribute.`);
  const f = fields.get(name);
  if (!f) throw queryError(`Attribute not found in schema: ${name}`);
  return f;
}

function arity(q: RawQuery, count: number): void {
  if (q.values.length !== count) {
    throw queryError(`${q.method} on "${q.attribute}" takes exactly ${count} value${count === 1 ? '' : 's'}, got ${q.values.length}.`);
  }
}

function someValues(q: RawQuery): void {
  if (q.values.length === 0) throw queryError(`${q.method} on "${q.attribute}" needs at least one value.`);
  if (q.values.length > MAX_VALUES) throw queryError(`${q.method} takes at most ${MAX_VALUES} values.`);
}

function scalarField(q: RawQuery, f: Field): void {
  if (f.array) throw queryError(`Cannot query ${q.method} on attribute "${f.name}" because it is an array.`);
}

function stringField(q: RawQuery, f: Field): void {
  scalarField(q, f);
  if (f.kind !== 'string') throw queryError(`${q.method} needs a string attribute; "${f.name}" is ${f.kind}.`);
}

/** `created*`/`updated*` are sugar over comparisons of `$createdAt`/`$updatedAt`. */
const DATE_SUGAR: Record<string, { attribute: string; method: string }> = {
  createdBefore: { attribute: '$createdAt', method: 'lessThan' },
  createdAfter: { attribute: '$createdAt', method: 'greaterThan' },
  createdBetween: { attribute: '$createdAt', method: 'between' },
  updatedBefore: { attribute: '$updatedAt', method: 'lessThan' },
  updatedAfter: { attribute: '$updatedAt', method: 'greaterThan' },
  updatedBetween: { attribute: '$updatedAt', method: 'between' },
};

export function parseFilter(q: RawQuery, fields: Fields, depth = 0): Filter {
  const sugar = DATE_SUGAR[q.method];
  if (sugar) return parseFilter({ method: sugar.method, attribute: sugar.attribute, values: q.values }, fields, depth);
  const values = (f: Field) => q.values.map((v) => checkValue(q.method, f, v));
  switch (q.method) {
    case 'equal':
    case 'notEqual': {
      const f = field(fields, q.method, q.attribute);
      scalarField(q, f);
      someValues(q);
      return { op: q.method, field: f, values: values(f) };
    }
    case 'lessThan':
    case 'lessThanEqual':
    case 'greaterThan':
    case 'greaterThanEqual': {
      const f = field(fields, q.method, q.attribute);
      scalarField(q, f);
      arity(q, 1);
      return { op: q.method, field: f, value: values(f)[0]! };
    }
    case 'between':
    case 'notBetween': {
      const f = field(fields, q.method, q.attribute);
      scalarField(q, f);
      arity(q, 2);
      const [low, high] = values(f) as [Scalar, Scalar];
      return { op: q.method, field: f, low, high };
    }
    case 'startsWith':
    case 'endsWith':
    case 'notStartsWith':
    case 'notEndsWith': {
      const f = field(fields, q.method, q.attribute);
      stringField(q, f);
      arity(q, 1);
      return { op: q.method, field: f, value: values(f)[0] as string };
    }
    case 'search':
    case 'notSearch': {
      const f = field(fields, q.method, q.attribute);
      stringField(q, f);
      if (!f.fulltext) throw queryError(`Searching by attribute "${f.name}" requires a fulltext index.`);
      arity(q, 1);
      return { op: q.method, field: f, value: values(f)[0] as string };
    }
    case 'contains':
    case 'containsAny':
    case 'notContains':
    case 'containsAll': {
      const f = field(fields, q.method, q.attribute);
      if (!f.array && f.kind !== 'string') {
        throw queryError(`${q.method} needs an array or string attribute; "${f.name}" is ${f.kind}.`);
      }
      someValues(q);
      return { op: q.method === 'containsAny' ? 'contains' : q.method, field: f, values: values(f) };
    }
    case 'isNull':
    case 'isNotNull': {
      const f = field(fields, q.method, q.attribute);
      if (q.values.length > 0) throw queryError(`${q.method} takes no values.`);
      return { op: q.method, field: f };
    }
    case 'exists':
    case 'notExists': {
      // Values are attribute names; every one must be (not) null.
      someValues(q);
      const op = q.method === 'exists' ? 'isNotNull' : 'isNull';
      const filters: Filter[] = q.values.map((name) => {
        if (typeof name !== 'string') throw queryError(`${q.method} values must be attribute names.`);
        return { op, field: field(fields, q.method, name) };
      });
      return filters.length === 1 ? filters[0]! : { op: 'and', filters };
    }
    case 'and':
    case 'or': {
      if (depth >= MAX_DEPTH) throw queryError(`${q.method} queries can be nested at most ${MAX_DEPTH} levels deep.`);
      someValues(q);
      const filters = q.values.map((v) => {
        const inner = decodeQuery(v);
        if (!isFilterMethod(inner.method)) throw queryError(`${q.method} can only combine filter queries, not ${inner.method}.`);
        return parseFilter(inner, fields, depth + 1);
      });
      return { op: q.method, filters };
    }
    default:
      throw queryError(`Invalid query method: ${q.method}`);
  }
}

const NON_FILTER = new Set([
  'orderAsc',
  'orderDesc',
  'orderRandom',
  'cursorAfter',
  'cursorBefore',
  'limit',
  'offset',
  'select',
]);
const isFilterMethod = (method: string) => !NON_FILTER.has(method);

function integerValue(q: RawQuery, min: number, max: number): number {
  arity(q, 1);
  const v = q.values[0];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw queryError(`${q.method} must be an integer between ${min} and ${max}, got ${JSON.stringify(v)}.`);
  }
  return v;
}

function selection(q: RawQuery, fields: Fields): string[] {
  someValues(q);
  return q.values.map((v) => {
    if (typeof v !== 'string') throw queryError('select values must be attribute names.');
    if (v !== '*' && !fields.has(v)) throw queryError(`Attribute not found in schema: ${v}`);
    return v;
  });
}

/** Parses the queries of a list request. Limit, offset and cursor: the first one given counts. */
export function parseListQueries(raw: readonly RawQuery[], collection: Collection): ListQuery {
  const fields = fieldsOf(collection);
  const out: ListQuery = {
    filters: [],
    orders: [],
    random: false,
    limit: DEFAULT_LIMIT,
    offset: 0,
    cursor: null,
    select: null,
  };
  let limit: number | undefined;
  let offset: number | undefined;
  for (const q of raw) {
    switch (q.method) {
      case 'orderAsc':
      case 'orderDesc': {
        // No attribute = the internal order ($sequence), as older clients send it.
        const f = field(fields, q.method, q.attribute || '$sequence');
        if (f.array) throw queryError(`Cannot order by attribute "${f.name}" because it is an array.`);
        out.orders.push({ field: f, direction: q.method === 'orderAsc' ? 'asc' : 'desc' } satisfies Order);
        break;
      }
      case 'orderRandom':
        out.random = true;
        break;
      case 'cursorAfter':
      case 'cursorBefore': {
        arity(q, 1);
        const id = q.values[0];
        if (typeof id !== 'string' || id === '') throw queryError(`${q.method} needs a document ID.`);
        out.cursor ??= { direction: q.method === 'cursorAfter' ? 'after' : 'before', documentId: id };
        break;
      }
      case 'limit':
        limit ??= integerValue(q, 0, MAX_LIMIT);
        break;
      case 'offset':
        offset ??= integerValue(q, 0, MAX_OFFSET);
        break;
      case 'select':
        out.select = [...(out.select ?? []), ...selection(q, fields)];
        break;
      default:
        out.filters.push(parseFilter(q, fields));
    }
  }
  if (out.random && out.cursor) throw queryError('Cursor pagination cannot be combined with orderRandom.');
  if (out.random && out.orders.length > 0) throw queryError('orderRandom cannot be combined with other orders.');
  out.limit = limit ?? DEFAULT_LIMIT;
  out.offset = offset ?? 0;
  if (out.select?.includes('*')) out.select = null;
  return out;
}

/** getDocument accepts only `select` queries. */
export function parseGetQueries(raw: readonly RawQuery[], collection: Collection): string[] | null {
  const fields = fieldsOf(collection);
  let select: string[] | null = null;
  for (const q of raw) {
    if (q.method !== 'select') throw queryError(`Only select queries are allowed when getting one document, got ${q.method}.`);
    select = [...(select ?? []), ...selection(q, fields)];
  }
  return select?.includes('*') ? null : select;
}
