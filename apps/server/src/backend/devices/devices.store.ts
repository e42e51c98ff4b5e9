import type { Queryable } from '../../db/db.js';
import type { NowPlaying } from './device-input.js';

/** How long a device stays online after its last report: the app reports every 15 s (backend-api.md §12). */
export const ONLINE_MS = 45_000;
/** Devices not seen for this long are forgotten. */
export const FORGET_MS = 7 * 24 * 3600_000;

export interface DeviceRow {
  id: string;
  sessionId: string;
  /** The session's given name, else the browser's and system's. */
  name: string;
  lastSeen: Date;
  nowPlaying: (NowPlaying & { at: string }) | null;
}

interface Row {
  id: string;
  session_id: string;
  name: string;
  last_seen: Date;
  now_playing: DeviceRow['nowPlaying'];
}

const fromRow = (r: Row): DeviceRow => ({ id: r.id, sessionId: r.session_id, name: r.name, lastSeen: new Date(r.last_seen), nowPlaying: r.now_playing });

const SELECT = `select d.id, d.session_id, coalesce(n.name, d.name) as name, d.last_seen, d.now_playing
  from devices d left join device_names n on n.session_id = d.session_id`;

/** The devices and device_names tables (migration 0220); SQL only. */
export const devicesStore = (db: Queryable) => ({
  /** The listener's devices seen since `since`, oldest first. */
  async online(userId: string, since: Date): Promise<DeviceRow[]> {
    const rows = await db.query<Row>(`${SELECT} where d.user_id = $1 and d.last_seen >= $2 order by d.id`, [userId, since]);
    return rows.map(fromRow).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  },

  async get(userId: string, id: string): Promise<DeviceRow | null> {
    const [row] = await db.query<Row>(`${SELECT} where d.user_id = $1 and d.id = $2`, [userId, id]);
    return row ? fromRow(row) : null;
  },

  /** How many other devices of the listener are online. */
  async othersOnline(userId: string, id: string, since: Date): Promise<number> {
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from devices where user_id = $1 and id <> $2 and last_seen >= $3', [userId, id, since]);
    return row?.n ?? 0;
  },

  /** Registers or refreshes a device of a session; the session given wins (an app signed in again). */
  async seen(userId: string, d: { id: string; sessionId: string; name: string; at: Date; nowPlaying: DeviceRow['nowPlaying'] }): Promise<void> {
    await db.query(
      `insert into devices (user_id, id, session_id, name, last_seen, now_playing) values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, id) do update set session_id = excluded.session_id, name = excluded.name,
         last_seen = excluded.last_seen, now_playing = excluded.now_playing`,
      [userId, d.id, d.sessionId, d.name, d.at, d.nowPlaying],
    );
  },

  async remove(userId: string, id: string): Promise<boolean> {
    const rows = await db.query('delete from devices where user_id = $1 and id = $2 returning id', [userId, id]);
    return rows.length > 0;
  },

  async forgetBefore(before: Date): Promise<void> {
    await db.query('delete from devices where last_seen < $1', [before]);
  },

  /** Names given to the listener's sessions. */
  async names(userId: string): Promise<{ sessionId: string; name: string }[]> {
    const rows = await db.query<{ session_id: string; name: string }>('select session_id, name from device_names where user_id = $1 order by session_id', [userId]);
    return rows.map((r) => ({ sessionId: r.session_id, name: r.name }));
  },

  async rename(userId: string, sessionId: string, name: string): Promise<void> {
    await db.query(
      `insert into device_names (session_id, user_id, name) values ($1, $2, $3)
       on conflict (session_id) do update set name = excluded.name where device_names.user_id = excluded.user_id`,
      [sessionId, userId, name],
    );
  },
});
