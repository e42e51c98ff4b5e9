import type { Queryable, Row } from '../../db/db.js';
import type { Collection } from '../schema/appwrite-schema.js';
import { quoteIdent, tableName } from '../schema/sql-names.js';
import { compileCount, compileList, type ListPlan } from './query/compile-list.js';
import { castOf } from './query/fields.js';
import type { ListQuery } from './query/query-types.js';

/**
 * The SQL of documents, and nothing else: one collection's table, rows in
 * and out. Permission and rule decisions are made by the caller.
 */
const table = (c: Collection) => quoteIdent(tableName(c.$id));

function cast(c: Collection, key: string): string {
  const a = c.attributes.find((x) => x.key === key)!;
  return castOf(a.type) + (a.array ? '[]' : '');
}

export async function findDocument(q: Queryable, c: Collection, id: string, lock = false): Promise<Row | null> {
  const rows = await q.query(`select * from ${table(c)} where "$id" = $1${lock ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

export interface NewDocument {
  id: string;
  at: Date;
  permissions: string[];
  values: Record<string, unknown>;
}

export async function insertDocument(q: Queryable, c: Collection, doc: NewDocument): Promise<Row> {
  const keys = Object.keys(doc.values);
  const params: unknown[] = [doc.id, doc.at.toISOString(), doc.permissions, ...keys.map((k) => doc.values[k])];
  const columns = ['"$id"', '"$createdAt"', '"$updatedAt"', '"$permissions"', ...keys.map(quoteIdent)];
  const values = ['$1::text', '$2::timestamptz', '$2::timestamptz', '$3::text[]', ...keys.map((k, i) => `$${i + 4}::${cast(c, k)}`)];
  const rows = await q.query(
    `insert into ${table(c)} (${columns.join(', ')}) values (${values.join(', ')}) returning *`,
    params,
  );
  return rows[0]!;
}

/** Sets the given attributes (and permissions when not null); bumps `$updatedAt`. */
export async function updateDocument(
  q: Queryable,
  c: Collection,
  id: string,
  values: Record<string, unknown>,
  permissions: string[] | null,
  at: Date,
): Promise<Row> {
  const params: unknown[] = [id, at.toISOString()];
  const sets = ['"$updatedAt" = $2::timestamptz'];
  if (permissions) {
    params.push(permissions);
    sets.push(`"$permissions" = $${params.length}::text[]`);
  }
  for (const [key, value] of Object.entries(values)) {
    params.push(value);
    sets.push(`${quoteIdent(key)} = $${params.length}::${cast(c, key)}`);
  }
  const rows = await q.query(`update ${table(c)} set ${sets.join(', ')} where "$id" = $1::text returning *`, params);
  return rows[0]!;
}

export async function deleteDocument(q: Queryable, c: Collection, id: string): Promise<Row | null> {
  const rows = await q.query(`delete from ${table(c)} where "$id" = $1 returning *`, [id]);
  return rows[0] ?? null;
}

/** Deletes every document whose `attribute` equals `value` (cascades), returning them. */
export async function deleteDocumentsWhere(q: Queryable, c: Collection, attribute: string, value: unknown): Promise<Row[]> {
  return q.query(`delete from ${table(c)} where ${quoteIdent(attribute)} = $1::${cast(c, attribute)} returning *`, [value]);
}

export interface ListResult {
  rows: Row[];
  /** null when the total was not asked for. */
  total: number | null;
}

/**
 * Lists documents for a validated query. The total counts the filtered,
 * readable documents regardless of cursor, limit and offset: read from a
 * window count when the page has rows and no cursor, else counted apart.
 */
export async function listDocuments(
  q: Queryable,
  c: Collection,
  query: ListQuery,
  opts: { readPermissions: string[] | null; cursorRow: Row | null; withTotal: boolean },
): Promise<ListResult> {
  const plan: ListPlan = {
    table: tableName(c.$id),
    columns: '*',
    query,
    readPermissions: opts.readPermissions,
    cursorRow: opts.cursorRow,
    windowTotal: opts.withTotal && !query.cursor,
  };
  const list = compileList(plan);
  const rows = await q.query(list.text, list.params);
  if (query.cursor?.direction === 'before') rows.reverse();
  let total: number | null = null;
  if (opts.withTotal) {
    if (plan.windowTotal && rows.length > 0) total = rows[0]!.$total as number;
    else {
      const count = compileCount(plan);
      total = (await q.query<{ total: number }>(count.text, count.params))[0]!.total;
    }
  }
  for (const r of rows) delete r.$total;
  return { rows, total };
}
