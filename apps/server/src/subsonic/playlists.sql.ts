import type { Queryable } from '../db/db.js';

/** Playlist comments set before playlists had descriptions (playlists.ts shows one until a description is set); SQL only. */
export const playlistCommentsStore = (db: Queryable) => ({
  async of(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.query<{ playlist_id: string; comment: string }>(
      'select playlist_id, comment from subsonic_playlist_comments where playlist_id = any($1::text[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.playlist_id, r.comment]));
  },

  /** Sets the comment; an empty one is removed. */
  async set(id: string, comment: string): Promise<void> {
    if (comment === '') {
      await db.query('delete from subsonic_playlist_comments where playlist_id = $1', [id]);
      return;
    }
    await db.query(
      `insert into subsonic_playlist_comments (playlist_id, comment) values ($1, $2)
       on conflict (playlist_id) do update set comment = excluded.comment`,
      [id, comment],
    );
  },
});
