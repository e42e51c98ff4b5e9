import type { Queryable } from '../../db/db.js';

export interface RoomRow {
  id: string;
  hostId: string;
  createdAt: Date;
  hostSeen: Date;
  endedAt: Date | null;
  endedWhy: string | null;
  currentId: string | null;
  startedAt: number | null;
  pausedMs: number | null;
  version: number;
}

export interface MemberRow {
  id: string;
  userId: string | null;
  keyHash: string;
  name: string;
  songsAdded: number;
  joinedAt: Date;
  lastSeen: Date;
}

export interface EntryRow {
  id: string;
  seq: number;
  songId: string;
  durationMs: number;
  addedBy: string;
  addedName: string;
}

interface RoomSql {
  id: string;
  host_id: string;
  created_at: Date;
  host_seen: Date;
  ended_at: Date | null;
  ended_why: string | null;
  current_id: string | null;
  started_at: number | null;
  paused_ms: number | null;
  version: number;
}

const room = (r: RoomSql): RoomRow => ({
  id: r.id,
  hostId: r.host_id,
  createdAt: new Date(r.created_at),
  hostSeen: new Date(r.host_seen),
  endedAt: r.ended_at ? new Date(r.ended_at) : null,
  endedWhy: r.ended_why,
  currentId: r.current_id,
  startedAt: r.started_at === null ? null : Number(r.started_at),
  pausedMs: r.paused_ms === null ? null : Number(r.paused_ms),
  version: r.version,
});

const MEMBER = 'id, user_id as "userId", key_hash as "keyHash", name, songs_added as "songsAdded", joined_at as "joinedAt", last_seen as "lastSeen"';
const ENTRY = 'id, seq, song_id as "songId", duration_ms as "durationMs", added_by as "addedBy", added_name as "addedName"';

/** The rooms, room_members and room_songs tables (migration 0300); SQL only. */
export const roomsStore = (db: Queryable) => ({
  async create(r: { id: string; hostId: string; at: Date }): Promise<void> {
    await db.query('insert into rooms (id, host_id, created_at, host_seen) values ($1, $2, $3, $3)', [r.id, r.hostId, r.at]);
  },

  /** The room, locked for the rest of the transaction when `lock`. */
  async get(id: string, lock = false): Promise<RoomRow | null> {
    const [r] = await db.query<RoomSql>(`select * from rooms where id = $1${lock ? ' for update' : ''}`, [id]);
    return r ? room(r) : null;
  },

  /** Open rooms the user hosts or is a member of, newest first. */
  async openFor(userId: string): Promise<RoomRow[]> {
    const rows = await db.query<RoomSql>(
      `select r.* from rooms r where r.ended_at is null and (r.host_id = $1
         or exists (select 1 from room_members m where m.room_id = r.id and m.user_id = $1))
       order by r.created_at desc, r.id limit 100`,
      [userId],
    );
    return rows.map(room);
  },

  async openHostedBy(userId: string): Promise<string[]> {
    const rows = await db.query<{ id: string }>('select id from rooms where host_id = $1 and ended_at is null', [userId]);
    return rows.map((r) => r.id);
  },

  async saveTimeline(id: string, t: { currentId: string | null; startedAt: number | null; pausedMs: number | null }): Promise<number> {
    const [r] = await db.query<{ version: number }>(
      'update rooms set current_id = $2, started_at = $3, paused_ms = $4, version = version + 1 where id = $1 returning version',
      [id, t.currentId, t.startedAt, t.pausedMs],
    );
    return r?.version ?? 0;
  },

  async hostSeen(id: string, at: Date): Promise<void> {
    await db.query('update rooms set host_seen = $2 where id = $1', [id, at]);
  },

  /** Ends the room unless it has ended already: true when this call ended it. */
  async end(id: string, at: Date, why: string): Promise<boolean> {
    const rows = await db.query<{ id: string }>(
      'update rooms set ended_at = $2, ended_why = $3, version = version + 1 where id = $1 and ended_at is null returning id',
      [id, at, why],
    );
    return rows.length > 0;
  },

  /** Open rooms whose host was last seen at or before `before`, oldest first, at most `limit`. */
  async openHostSeenBefore(before: Date, limit: number): Promise<string[]> {
    const rows = await db.query<{ id: string }>('select id from rooms where ended_at is null and host_seen <= $1 order by host_seen, id limit $2', [before, limit]);
    return rows.map((r) => r.id);
  },

  /** Ended rooms are kept a day (their link answers "ended"), then forgotten with their members and queue. */
  async forgetEndedBefore(before: Date): Promise<void> {
    await db.query('delete from rooms where ended_at < $1', [before]);
  },

  /** The anonymous guests with member id `id` (one, but for a 64-bit coincidence), with their rooms' state. */
  async guestsById(id: string): Promise<{ roomId: string; keyHash: string; hostSeen: Date; endedAt: Date | null }[]> {
    return db.query(
      `select m.room_id as "roomId", m.key_hash as "keyHash", r.host_seen as "hostSeen", r.ended_at as "endedAt"
       from room_members m join rooms r on r.id = m.room_id where m.id = $1 and m.user_id is null`,
      [id],
    );
  },

  /** Whether every one of `songIds` is in the room's queue (one statement, however many ids). */
  async hasSongs(roomId: string, songIds: readonly string[]): Promise<boolean> {
    const wanted = new Set(songIds);
    const [row] = await db.query<{ n: number }>(
      'select count(distinct song_id)::int as n from room_songs where room_id = $1 and song_id = any($2::text[])',
      [roomId, [...wanted]],
    );
    return row!.n === wanted.size;
  },

  async members(roomId: string): Promise<MemberRow[]> {
    return db.query<MemberRow>(`select ${MEMBER} from room_members where room_id = $1 order by joined_at, id`, [roomId]);
  },

  async memberOfUser(roomId: string, userId: string): Promise<MemberRow | null> {
    const [m] = await db.query<MemberRow>(`select ${MEMBER} from room_members where room_id = $1 and user_id = $2`, [roomId, userId]);
    return m ?? null;
  },

  async member(roomId: string, id: string): Promise<MemberRow | null> {
    const [m] = await db.query<MemberRow>(`select ${MEMBER} from room_members where room_id = $1 and id = $2`, [roomId, id]);
    return m ?? null;
  },

  async addMember(roomId: string, m: { id: string; userId: string | null; keyHash: string; name: string; at: Date }): Promise<void> {
    await db.query(
      'insert into room_members (room_id, id, user_id, key_hash, name, joined_at, last_seen) values ($1, $2, $3, $4, $5, $6, $6)',
      [roomId, m.id, m.userId, m.keyHash, m.name, m.at],
    );
  },

  async memberSeen(roomId: string, id: string, at: Date): Promise<void> {
    await db.query('update room_members set last_seen = $3 where room_id = $1 and id = $2', [roomId, id, at]);
  },

  async countMembers(roomId: string): Promise<number> {
    const [r] = await db.query<{ n: number }>('select count(*)::int as n from room_members where room_id = $1', [roomId]);
    return r?.n ?? 0;
  },

  async entries(roomId: string): Promise<EntryRow[]> {
    return db.query<EntryRow>(`select ${ENTRY} from room_songs where room_id = $1 order by seq`, [roomId]);
  },

  async addEntry(roomId: string, e: Omit<EntryRow, 'seq'>): Promise<void> {
    await db.query(
      `insert into room_songs (room_id, id, seq, song_id, duration_ms, added_by, added_name)
       values ($1::varchar, $2, coalesce((select max(seq) + 1 from room_songs where room_id = $1::varchar), 0), $3, $4, $5, $6)`,
      [roomId, e.id, e.songId, e.durationMs, e.addedBy, e.addedName],
    );
    await db.query('update room_members set songs_added = songs_added + 1 where room_id = $1 and id = $2', [roomId, e.addedBy]);
  },

  async removeEntry(roomId: string, id: string): Promise<void> {
    await db.query('delete from room_songs where room_id = $1 and id = $2', [roomId, id]);
  },
});
