import { trackExists } from '../catalogue/module.js';
import type { Queryable } from '../db/db.js';

const FOREIGN_KEY_VIOLATION = '23503';

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
    if (!(await trackExists(db, trackId))) return 'no-song';
    let rows: unknown[];
    try {
      rows = await db.query(
        `insert into subsonic_bookmarks (user_id, track_id, position_ms, comment, created_at, changed_at)
         select $1, $2, $3, $4, $5, $5
          where (select count(*) from subsonic_bookmarks b where b.user_id = $1) < $6
             or exists (select 1 from subsonic_bookmarks b where b.user_id = $1 and b.track_id = $2)
         on conflict (user_id, track_id) do update set position_ms = excluded.position_ms, comment = excluded.comment,
           changed_at = excluded.changed_at
         returning track_id`,
        [userId, trackId, positionMs, comment, at, max],
      );
    } catch (e) {
      // A scan removed the song just now (the bookmark's foreign key).
      if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return 'no-song';
      throw e;
    }
    return rows.length > 0 ? 'saved' : 'full';
  },

  async remove(userId: string, trackId: string): Promise<boolean> {
    const rows = await db.query('delete from subsonic_bookmarks where user_id = $1 and track_id = $2 returning track_id', [userId, trackId]);
    return rows.length > 0;
  },

});
