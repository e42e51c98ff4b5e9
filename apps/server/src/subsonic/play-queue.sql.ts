import type { Queryable } from '../db/db.js';

export interface PlayQueueRow {
  song_ids: string[];
  current_id: string | null;
  position_ms: number;
  changed_at: Date;
  changed_by: string;
}

/** One saved play queue per user (savePlayQueue); SQL only. */
export const playQueueStore = (db: Queryable) => ({
  async get(userId: string): Promise<PlayQueueRow | null> {
    const [row] = await db.query<PlayQueueRow>(
      'select song_ids, current_id, position_ms::float8 as position_ms, changed_at, changed_by from subsonic_play_queues where user_id = $1',
      [userId],
    );
    return row ?? null;
  },

  async save(userId: string, q: PlayQueueRow): Promise<void> {
    await db.query(
      `insert into subsonic_play_queues (user_id, song_ids, current_id, position_ms, changed_at, changed_by)
       values ($1, $2::text[], $3, $4, $5, $6)
       on conflict (user_id) do update set song_ids = excluded.song_ids, current_id = excluded.current_id,
         position_ms = excluded.position_ms, changed_at = excluded.changed_at, changed_by = excluded.changed_by`,
      [userId, q.song_ids, q.current_id, q.position_ms, q.changed_at, q.changed_by],
    );
  },

  async clear(userId: string): Promise<void> {
    await db.query('delete from subsonic_play_queues where user_id = $1', [userId]);
  },
});
