import type { Queryable } from '../db/db.js';

export interface BookmarkRow {
  track_id: string;
  position_ms: number;
  comment: string;
  created_at: Date;
  changed_at: Date;
}

/** A user's bookmarks (a position in a song each); SQL only. */
export const bookmarksStore = (db: Queryable) => ({
  list(userId: string): Promise<BookmarkRow[]> {
    return db.query<BookmarkRow>(
      `select track_id, position_ms::float8 as position_ms, comment, created_at, changed_at
         from subsonic_bookmarks where user_id = $1 order by changed_at desc, track_id`,
      [userId],
    );
  },

  /**
   * Creates or replaces the user's bookmark of a song, while the user has fewer than `max` or
   * the song has one already: 'saved', 'no-song' or 'full'.
   */
  async save(userId: string, trackId: string, positionMs: number, comment: string, at: Date, max: number): Promise<'saved' | 'no-song' | 'full'> {
    const rows = await db.query(
      `insert into subsonic_bookmarks (user_id, track_id, position_ms, comment, created_at, changed_at)
       select $1, t.id, $3, $4, $5, $5 from tracks t
        where t.id = $2
          and ((select count(*) from subsonic_bookmarks b where b.user_id = $1) < $6
               or exists (select 1 from subsonic_bookmarks b where b.user_id = $1 and b.track_id = $2))
       on conflict (user_id, track_id) do update set position_ms = excluded.position_ms, comment = excluded.comment,
         changed_at = excluded.changed_at
       returning track_id`,
      [userId, trackId, positionMs, comment, at, max],
    );
    if (rows.length > 0) return 'saved';
    const [song] = await db.query('select 1 from tracks where id = $1', [trackId]);
    return song ? 'full' : 'no-song';
  },

  async remove(userId: string, trackId: string): Promise<boolean> {
    const rows = await db.query('delete from subsonic_bookmarks where user_id = $1 and track_id = $2 returning track_id', [userId, trackId]);
    return rows.length > 0;
  },

});
