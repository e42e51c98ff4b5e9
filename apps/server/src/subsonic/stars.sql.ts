import type { Queryable } from '../db/db.js';

export type StarKind = 'album' | 'artist';

/** Starred albums and artists (songs are Favorite documents); SQL only. */
export const starsStore = (db: Queryable) => ({
  async add(userId: string, kind: StarKind, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await db.query(
      `insert into subsonic_stars (user_id, kind, item_id, created_at)
       select $1, $2, id, $4 from unnest($3::text[]) as id
       on conflict do nothing`,
      [userId, kind, ids, at],
    );
  },

  async remove(userId: string, kind: StarKind, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.query('delete from subsonic_stars where user_id = $1 and kind = $2 and item_id = any($3::text[])', [userId, kind, ids]);
  },

  /** When each of `ids` was starred (all of the user's when `ids` is null), newest first. */
  async list(userId: string, kind: StarKind, ids: readonly string[] | null = null): Promise<Map<string, Date>> {
    const rows = await db.query<{ item_id: string; created_at: Date }>(
      `select item_id, created_at from subsonic_stars
        where user_id = $1 and kind = $2 and ($3::text[] is null or item_id = any($3::text[]))
        order by created_at desc, item_id`,
      [userId, kind, ids],
    );
    return new Map(rows.map((r) => [r.item_id, new Date(r.created_at)]));
  },
});

