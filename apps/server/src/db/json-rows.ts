import type { Queryable } from './db.js';

/**
 * Runs a SELECT and answers its rows through one JSON text, in the
 * statement's order: timestamps come back as ISO text, numbers as numbers,
 * json columns as values. For pages of hundreds of rows: the embedded PGlite
 * reads a result field by field, which costs several times the query itself,
 * while one text value costs next to nothing; on a PostgreSQL server the two
 * cost about the same. Both engines answer the same values.
 */
export async function queryJsonRows<T extends object>(db: Queryable, text: string, params?: readonly unknown[]): Promise<T[]> {
  const [row] = await db.query<{ rows: string }>(`select coalesce(json_agg(json_rows), '[]')::text as rows from (${text}) json_rows`, params);
  return JSON.parse(row!.rows) as T[];
}

/** The `id` column of a SELECT's rows, in the statement's order, read as one JSON text (as queryJsonRows). */
export async function queryJsonIds(db: Queryable, text: string, params?: readonly unknown[]): Promise<string[]> {
  const [row] = await db.query<{ ids: string }>(`select coalesce(json_agg(json_ids.id), '[]')::text as ids from (${text}) json_ids`, params);
  return JSON.parse(row!.ids) as string[];
}
