import { quoteIdent } from '../../schema/sql-names.js';
import { compileFilter, SqlParams } from './compile-filter.js';
import { castOf, type Field } from './fields.js';
import type { ListQuery, Order } from './query-types.js';

/**
 * A list request as parameterised SQL. Ordering puts NULLs lowest (first
 * ascending, last descending) and always ends on `$sequence`, so every order
 * is total and cursors are exact. `cursorBefore` runs the order backwards
 * and the caller reverses the rows (as Appwrite does).
 */
export interface ListPlan {
  table: string;
  /** SQL select list. */
  columns: string;
  query: ListQuery;
  /** `"$permissions" && …` filter for document-level read; null = the collection grants read. */
  readPermissions: string[] | null;
  /** The cursor document's row (raw column values), when the query has a cursor. */
  cursorRow: Record<string, unknown> | null;
  /** Adds `count(*) over ()` as "$total" (only meaningful without a cursor). */
  windowTotal: boolean;
}

export interface CompiledSql {
  text: string;
  params: unknown[];
}

const SEQUENCE: Field = { name: '$sequence', column: '$sequence', kind: 'sequence', array: false, fulltext: false };

function effectiveOrders(plan: ListPlan): Order[] {
  const orders: Order[] = [...plan.query.orders, { field: SEQUENCE, direction: 'asc' }];
  if (plan.query.cursor?.direction !== 'before') return orders;
  return orders.map((o) => ({ field: o.field, direction: o.direction === 'asc' ? 'desc' : 'asc' }));
}

const bindable = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** Rows strictly after the cursor row in `orders` (lexicographic, NULL lowest). */
function afterCursor(orders: Order[], row: Record<string, unknown>, p: SqlParams): string {
  const alternatives: string[] = [];
  const equalSoFar: string[] = [];
  for (const { field, direction } of orders) {
    const c = quoteIdent(field.column);
    const v = bindable(row[field.column] ?? null);
    const placeholder = v === null ? '' : p.add(v, castOf(field.kind));
    const beyond =
      direction === 'asc'
        ? v === null
          ? `${c} is not null`
          : `${c} > ${placeholder}`
        : v === null
          ? 'false'
          : `(${c} < ${placeholder} or ${c} is null)`;
    alternatives.push([...equalSoFar, beyond].join(' and '));
    equalSoFar.push(v === null ? `${c} is null` : `${c} = ${placeholder}`);
  }
  return `(${alternatives.map((a) => `(${a})`).join(' or ')})`;
}

function whereClause(plan: ListPlan, p: SqlParams, withCursor: boolean): string {
  const conditions: string[] = [];
  if (plan.readPermissions) conditions.push(`"$permissions" && ${p.add(plan.readPermissions, 'text[]')}`);
  for (const f of plan.query.filters) conditions.push(compileFilter(f, p));
  if (withCursor && plan.cursorRow) conditions.push(afterCursor(effectiveOrders(plan), plan.cursorRow, p));
  return conditions.length ? ` where ${conditions.join(' and ')}` : '';
}

export function compileList(plan: ListPlan): CompiledSql {
  const p = new SqlParams();
  const where = whereClause(plan, p, true);
  const order = plan.query.random
    ? 'random()'
    : effectiveOrders(plan)
        .map((o) => `${quoteIdent(o.field.column)} ${o.direction === 'asc' ? 'asc nulls first' : 'desc nulls last'}`)
        .join(', ');
  const total = plan.windowTotal ? ', count(*) over ()::int as "$total"' : '';
  const text =
    `select ${plan.columns}${total} from ${quoteIdent(plan.table)}${where} order by ${order}` +
    ` limit ${p.add(plan.query.limit, 'int8')} offset ${p.add(plan.query.offset, 'int8')}`;
  return { text, params: p.values };
}

/** The total of a list: its filters and read permissions, without cursor, limit or offset. */
export function compileCount(plan: ListPlan): CompiledSql {
  const p = new SqlParams();
  const text = `select count(*)::int as total from ${quoteIdent(plan.table)}${whereClause(plan, p, false)}`;
  return { text, params: p.values };
}
