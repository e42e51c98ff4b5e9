import { ftsVector, quoteIdent } from '../../schema/sql-names.js';
import { castOf, type Field } from './fields.js';
import type { Filter, Scalar } from './query-types.js';

/**
 * Collects bound parameters: every value a client sends reaches SQL only as
 * `$n`, never inside the statement text. Identifiers come from appwrite.json.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Binds `value` and returns its placeholder with an explicit cast. */
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

const col = (f: Field) => quoteIdent(f.column);
const bind = (p: SqlParams, f: Field, v: Scalar) => p.add(v, castOf(f.kind));
const bindList = (p: SqlParams, f: Field, vs: Scalar[]) => p.add(vs, castOf(f.kind) + '[]');

/**
 * A fulltext search for every word of the input, each as a prefix ("lov"
 * finds "love"). Words are reduced to letters and digits, so the tsquery
 * syntax cannot be injected; no words = matches nothing.
 */
export function searchTsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function substring(p: SqlParams, f: Field, v: Scalar): string {
  return `strpos(${col(f)}, ${p.add(v, 'text')}) > 0`;
}

export function compileFilter(filter: Filter, p: SqlParams): string {
  switch (filter.op) {
    case 'and':
    case 'or':
      return `(${filter.filters.map((f) => compileFilter(f, p)).join(filter.op === 'and' ? ' and ' : ' or ')})`;
    case 'equal':
      return filter.values.length === 1
        ? `${col(filter.field)} = ${bind(p, filter.field, filter.values[0]!)}`
        : `${col(filter.field)} = any(${bindList(p, filter.field, filter.values)})`;
    case 'notEqual':
      return filter.values.length === 1
        ? `${col(filter.field)} <> ${bind(p, filter.field, filter.values[0]!)}`
        : `not (${col(filter.field)} = any(${bindList(p, filter.field, filter.values)}))`;
    case 'lessThan':
      return `${col(filter.field)} < ${bind(p, filter.field, filter.value)}`;
    case 'lessThanEqual':
      return `${col(filter.field)} <= ${bind(p, filter.field, filter.value)}`;
    case 'greaterThan':
      return `${col(filter.field)} > ${bind(p, filter.field, filter.value)}`;
    case 'greaterThanEqual':
      return `${col(filter.field)} >= ${bind(p, filter.field, filter.value)}`;
    case 'between':
    case 'notBetween': {
      const sql = `${col(filter.field)} between ${bind(p, filter.field, filter.low)} and ${bind(p, filter.field, filter.high)}`;
      return filter.op === 'between' ? sql : `not (${sql})`;
    }
    case 'startsWith':
    case 'notStartsWith': {
      const sql = `starts_with(${col(filter.field)}, ${p.add(filter.value, 'text')})`;
      return filter.op === 'startsWith' ? sql : `not (${sql})`;
    }
    case 'endsWith':
    case 'notEndsWith': {
      const v = p.add(filter.value, 'text');
      const sql = `right(${col(filter.field)}, char_length(${v})) = ${v}`;
      return filter.op === 'endsWith' ? sql : `not (${sql})`;
    }
    case 'search':
    case 'notSearch': {
      const q = searchTsQuery(filter.value);
      const sql = q ? `${ftsVector(filter.field.column)} @@ to_tsquery('simple', ${p.add(q, 'text')})` : 'false';
      return filter.op === 'search' ? sql : `not (${sql})`;
    }
    case 'contains':
    case 'notContains':
    case 'containsAll': {
      let sql: string;
      if (filter.field.array) {
        const operator = filter.op === 'containsAll' ? '@>' : '&&';
        sql = `${col(filter.field)} ${operator} ${bindList(p, filter.field, filter.values)}`;
      } else {
        const parts = filter.values.map((v) => substring(p, filter.field, v));
        sql = `(${parts.join(filter.op === 'containsAll' ? ' and ' : ' or ')})`;
      }
      return filter.op === 'notContains' ? `not (${sql})` : sql;
    }
    case 'isNull':
      return `${col(filter.field)} is null`;
    case 'isNotNull':
      return `${col(filter.field)} is not null`;
  }
}
