import type { Queryable } from '../../db/db.js';

/**
 * What a listener is playing, wherever (backend-api.md §12): the queue, the
 * current song, the position at `changedAt` and whether it moves on from
 * there, and the device that plays it (null: none, e.g. a Subsonic app
 * saved it). One per listener; a Subsonic app's play queue is the same state.
 */
export interface PlayState {
  songIds: string[];
  currentId: string | null;
  /** Milliseconds into the current song at `changedAt`. */
  positionMs: number;
  playing: boolean;
  deviceId: string | null;
  changedAt: Date;
  /** The client that changed it last (a device name or a Subsonic app's `c`). */
  changedBy: string;
}

/** The position at `nowMs`: a playing state moves on from `changedAt`. */
export const positionAt = (s: Pick<PlayState, 'positionMs' | 'playing' | 'changedAt'>, nowMs: number): number =>
  s.playing ? s.positionMs + Math.max(0, nowMs - s.changedAt.getTime()) : s.positionMs;

interface Row {
  song_ids: string[];
  current_id: string | null;
  position_ms: number;
  playing: boolean;
  device_id: string | null;
  changed_at: Date;
  changed_by: string;
}

const fromRow = (r: Row): PlayState => ({
  songIds: r.song_ids,
  currentId: r.current_id,
  positionMs: Number(r.position_ms),
  playing: r.playing,
  deviceId: r.device_id,
  changedAt: new Date(r.changed_at),
  changedBy: r.changed_by,
});

/** The play_states table (migration 0220); SQL only. */
export const playStatesStore = (db: Queryable) => ({
  async get(userId: string): Promise<PlayState | null> {
    const [row] = await db.query<Row>(
      'select song_ids, current_id, position_ms, playing, device_id, changed_at, changed_by from play_states where user_id = $1',
      [userId],
    );
    return row ? fromRow(row) : null;
  },

  /** Writes the whole state; `songIds` null keeps the queue saved before. */
  async put(userId: string, s: Omit<PlayState, 'songIds'> & { songIds: string[] | null }): Promise<void> {
    await db.query(
      `insert into play_states (user_id, song_ids, current_id, position_ms, playing, device_id, changed_at, changed_by)
       values ($1, coalesce($2::text[], '{}'), $3, $4, $5, $6, $7, $8)
       on conflict (user_id) do update set song_ids = coalesce($2::text[], play_states.song_ids), current_id = excluded.current_id,
         position_ms = excluded.position_ms, playing = excluded.playing, device_id = excluded.device_id,
         changed_at = excluded.changed_at, changed_by = excluded.changed_by`,
      [userId, s.songIds, s.currentId, s.positionMs, s.playing, s.deviceId, s.changedAt, s.changedBy],
    );
  },

  async clear(userId: string): Promise<void> {
    await db.query('delete from play_states where user_id = $1', [userId]);
  },
});

/** A saved play queue as a Subsonic app reads and writes it (savePlayQueue, getPlayQueue). */
export interface SavedPlayQueue {
  songIds: string[];
  currentId: string | null;
  /** Where the current song is now (a queue still playing on a device has moved on). */
  positionMs: number;
  changedAt: Date;
  changedBy: string;
}

/**
 * The listener's play state as a play queue, for other modules (Subsonic):
 * a phone app picks up where the web app left, and the web app's next
 * "Play on this device" starts from what a phone app saved.
 */
export interface PlayQueues {
  get(userId: string): Promise<SavedPlayQueue | null>;
  /** Saved by a client that does not play on: nothing plays it from then on. */
  save(userId: string, q: Omit<SavedPlayQueue, 'changedAt'>): Promise<void>;
  clear(userId: string): Promise<void>;
}

export function createPlayQueues(db: Queryable, now: () => number): PlayQueues {
  const store = playStatesStore(db);
  return {
    async get(userId) {
      const s = await store.get(userId);
      if (!s || s.songIds.length === 0) return null;
      return { songIds: s.songIds, currentId: s.currentId, positionMs: Math.round(positionAt(s, now())), changedAt: s.changedAt, changedBy: s.changedBy };
    },
    save: (userId, q) => store.put(userId, { ...q, playing: false, deviceId: null, changedAt: new Date(now()) }),
    clear: (userId) => store.clear(userId),
  };
}
