import type { Queryable } from '../../db/db.js';

/** The rows a statement reads for a list of ids, passed as `$1` (text[]); an empty list needs no round trip. */
export const selectForIds = <T extends object>(db: Queryable, ids: readonly string[], sql: string): Promise<T[]> =>
  ids.length === 0 ? Promise.resolve([]) : db.query<T>(sql, [ids]);
