import type { Queryable } from '../../db/db.js';

/** One library's access: open to everyone, or to the listed accounts (and administrators). */
export interface LibraryAccessRow {
  library_id: string;
  user_ids: string[];
}

/** SQL for `library_access` and `library_grants` (library-access.ts). */
export const libraryAccessStore = (db: Queryable) => ({
  /** The libraries open to their granted accounts only, with those accounts. */
  restricted: () =>
    db.query<LibraryAccessRow>(
      `select a.library_id, coalesce(array_agg(g.user_id order by g.user_id) filter (where g.user_id is not null), '{}') as user_ids
         from library_access a left join library_grants g on g.library_id = a.library_id
        group by a.library_id order by a.library_id`,
    ),

  /** Of the restricted libraries, those granted to this account. */
  async grantedTo(userId: string): Promise<string[]> {
    const rows = await db.query<{ library_id: string }>('select library_id from library_grants where user_id = $1', [userId]);
    return rows.map((r) => r.library_id);
  },

  /** Opens a library to everyone (userIds null) or to these accounts only (unknown ids are left out). */
  async set(libraryId: string, userIds: readonly string[] | null, at: Date): Promise<void> {
    await db.query('delete from library_access where library_id = $1', [libraryId]);
    if (userIds === null) return;
    await db.query('insert into library_access (library_id, updated_at) values ($1, $2)', [libraryId, at]);
    await db.query(
      `insert into library_grants (library_id, user_id)
       select $1, u.id from users u where u.id = any($2::text[]) on conflict do nothing`,
      [libraryId, [...userIds]],
    );
  },
});
