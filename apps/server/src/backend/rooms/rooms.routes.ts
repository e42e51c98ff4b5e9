import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Queryable, Tx } from '../../db/db.js';
import type { Deps } from '../../module.js';
import { requireUser, type BackendEnv, type Caller } from '../auth/caller.js';
import { hashSecret, safeEqual } from '../auth/secrets.js';
import { AppwriteError } from '../http/errors.js';
import { readBody } from '../http/params.js';
import { clientIp } from '../http/request-info.js';
import type { EventBus } from '../realtime/event-bus.js';
import { memberModel, roomModel, timelineOf, type RoomModel, type YouModel } from './models.js';
import { membersRoles, roomEnded, roomUpdated } from './room-events.js';
import { isEntryId, isRoomId, parseCommand, parseGuestName, parseMemberKey, parseSong, ROOM_LIMITS } from './room-input.js';
import { createRoomLimits } from './room-limits.js';
import { add, hostGone, pause, play, remove, seek, skip, type Timeline } from './room-rules.js';
import { roomsStore, type MemberRow, type RoomRow } from './rooms.store.js';

const notFound = () => new AppwriteError(404, 'room_not_found', 'No listening room with the requested ID could be found.');
const ended = () => new AppwriteError(410, 'room_ended', 'This listening room has ended.');
const notMember = () => new AppwriteError(403, 'room_not_member', 'Join the listening room first.');
const hostOnly = () => new AppwriteError(403, 'room_host_only', 'Only the host of the listening room can do this.');

/** Ended rooms answer "ended" for a day, then are forgotten. */
const KEEP_ENDED_MS = 24 * 3600_000;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A signed-in member's name: the account's name, else its email's name. */
function accountName(caller: Caller): string {
  const a = caller.account ?? {};
  const name = typeof a.name === 'string' ? a.name.trim() : '';
  const email = typeof a.email === 'string' ? a.email.split('@')[0]! : '';
  return (name || email || 'Listener').slice(0, ROOM_LIMITS.nameChars);
}

interface Found {
  room: RoomRow;
  members: MemberRow[];
  /** The caller's membership, or null. */
  you: MemberRow | null;
}

/**
 * Listening rooms (backend-api.md §13): a host's room that guests join with
 * its link, signed in or not, with one queue and one timeline on the
 * server's clock. Changes go to the members on the `rooms.<id>` realtime
 * channel, on every instance (the event bus crosses them over LISTEN/NOTIFY).
 */
/** A song's exact length in ms from the catalogue in this database; null when it cannot say (the app's length stands). */
export type SongLength = (songId: string, db: Queryable) => Promise<number | null>;

export function roomRoutes(deps: Deps, { events, songLength }: { events: EventBus; songLength?: SongLength }) {
  const routes = new Hono<BackendEnv>();
  const limits = createRoomLimits(deps);
  let lastForget = 0;

  /** The caller's membership: a signed-in member by account, an anonymous guest by the key joining gave. */
  function youIn(c: Context<BackendEnv>, members: readonly MemberRow[]): MemberRow | null {
    const caller = c.get('caller');
    if (caller.userId) {
      const m = members.find((x) => x.userId === caller.userId);
      if (m) return m;
    }
    const key = parseMemberKey(c.req.header('x-lyra-room-key'));
    if (!key) return null;
    const m = members.find((x) => x.id === key.memberId && x.userId === null);
    return m && safeEqual(m.keyHash, hashSecret(key.secret)) ? m : null;
  }

  const youModel = (room: RoomRow, m: MemberRow, key?: string): YouModel => ({
    ...memberModel(room, m),
    songsLeft: m.userId === null ? Math.max(0, ROOM_LIMITS.anonymousSongs - m.songsAdded) : null,
    ...(key ? { key } : {}),
  });

  /**
   * The open room `roomId` with its members, in `tx` (locked when `lock`): 404
   * for no such room, 410 for an ended one. A room whose host has been gone 10
   * minutes ends here (outside any transaction: `tx` is the database itself then).
   */
  async function openRoom(c: Context<BackendEnv>, tx: Tx, roomId: string, lock: boolean): Promise<Found> {
    if (!isRoomId(roomId)) throw notFound();
    const store = roomsStore(tx);
    const room = await store.get(roomId, lock);
    if (!room) throw notFound();
    if (room.endedAt) throw ended();
    const members = await store.members(roomId);
    const now = deps.now();
    if (hostGone(room.hostSeen.getTime(), now)) {
      if (tx !== deps.db) throw ended();
      // The sweep (host-gone-sweep.ts) or another call may have ended it just now: the members hear it once.
      if (await store.end(roomId, new Date(now), 'host_left')) await events.publish(roomEnded(roomId, 'host_left', membersRoles(members), now));
      throw ended();
    }
    return { room, members, you: youIn(c, members) };
  }

  /** Who is asking, for the limits on commands: the account, or the anonymous guest's key. */
  const askerKey = (c: Context<BackendEnv>, roomId: string) =>
    `${roomId}:${c.get('caller').userId ?? parseMemberKey(c.req.header('x-lyra-room-key'))?.memberId ?? 'none'}`;

  async function memberIn(c: Context<BackendEnv>, tx: Tx, roomId: string, lock = false): Promise<Found & { you: MemberRow }> {
    const found = await openRoom(c, tx, roomId, lock);
    if (!found.you) throw notMember();
    const now = new Date(deps.now());
    if (found.you.userId === found.room.hostId) await roomsStore(tx).hostSeen(roomId, now);
    return found as Found & { you: MemberRow };
  }

  /** The room as it is now, told to its members. */
  async function publish(tx: Tx, roomId: string): Promise<RoomModel> {
    const store = roomsStore(tx);
    const [room, members, entries] = await Promise.all([store.get(roomId), store.members(roomId), store.entries(roomId)]);
    const model = roomModel(room!, members, entries, deps.now());
    await events.publish(roomUpdated(model, membersRoles(members)));
    return model;
  }

  async function stateOf(tx: Tx, room: RoomRow, members: MemberRow[]): Promise<RoomModel> {
    return roomModel(room, members, await roomsStore(tx).entries(room.id), deps.now());
  }

  /**
   * Runs a change of the timeline in one transaction on the locked room
   * (after the limits and the 404/410 checks outside it), then tells the members.
   */
  async function change(c: Context<BackendEnv>, roomId: string, fn: (f: Found & { you: MemberRow }, t: Timeline, now: number, tx: Tx) => Promise<Timeline | null>) {
    await limits.command(askerKey(c, roomId), ip(c));
    await memberIn(c, deps.db, roomId);
    const found = await deps.db.transaction(async (tx) => {
      const f = await memberIn(c, tx, roomId, true);
      const store = roomsStore(tx);
      const now = deps.now();
      const before = timelineOf(f.room, await store.entries(roomId));
      const after = await fn(f, before, now, tx);
      if (after) await store.saveTimeline(roomId, { currentId: after.currentId, startedAt: after.startedAt, pausedMs: after.pausedMs });
      return f;
    });
    return { found, room: await publish(deps.db, roomId) };
  }

  const ip = (c: Context<BackendEnv>) => clientIp(c, deps.config);

  /** The server's clock, for a device to measure its offset from it (NTP-style, several readings). */
  routes.get('/v1/rooms/clock', async (c) => {
    const received = deps.now();
    await limits.read(ip(c));
    return c.json({ now: received, sent: deps.now() });
  });

  routes.get('/v1/rooms', async (c) => {
    const { userId } = requireUser(c.get('caller'));
    const store = roomsStore(deps.db);
    const rooms = (await store.openFor(userId)).filter((r) => !hostGone(r.hostSeen.getTime(), deps.now()));
    const list = rooms.map((r) => ({ $id: r.id, link: `/room/${r.id}`, host: r.hostId === userId, createdAt: r.createdAt.toISOString() }));
    return c.json({ total: list.length, rooms: list });
  });

  /** A listener starts a room; the rooms they hosted before end (one room at a time). */
  routes.post('/v1/rooms', async (c) => {
    const caller = requireUser(c.get('caller'));
    await readBody(c);
    await limits.create(caller.userId, ip(c));
    const now = deps.now();
    const at = new Date(now);
    const store = roomsStore(deps.db);
    if (now - lastForget > 3600_000) {
      lastForget = now;
      await store.forgetEndedBefore(new Date(now - KEEP_ENDED_MS));
    }
    for (const old of await store.openHostedBy(caller.userId)) {
      const members = await store.members(old);
      await store.end(old, at, 'host');
      await events.publish(roomEnded(old, 'host', membersRoles(members), now));
    }
    const id = hex(16);
    const memberId = hex(8);
    await deps.db.transaction(async (tx) => {
      const s = roomsStore(tx);
      await s.create({ id, hostId: caller.userId, at });
      await s.addMember(id, { id: memberId, userId: caller.userId, keyHash: hashSecret(hex(32)), name: accountName(caller), at });
    });
    const room = (await store.get(id))!;
    const members = await store.members(id);
    return c.json({ room: roomModel(room, members, [], now), you: youModel(room, members[0]!) }, 201);
  });

  routes.get('/v1/rooms/:roomId', async (c) => {
    const f = await memberIn(c, deps.db, c.req.param('roomId'));
    return c.json({ room: await stateOf(deps.db, f.room, f.members), you: youModel(f.room, f.you) });
  });

  /** Joining with the link: a signed-in listener by account, anyone else as an anonymous guest with a key. */
  routes.post('/v1/rooms/:roomId/members', async (c) => {
    const roomId = c.req.param('roomId');
    const caller = c.get('caller');
    const body = await readBody(c);
    const guestName = parseGuestName(body);
    let key: string | undefined;
    await openRoom(c, deps.db, roomId, false);
    await limits.join(caller.userId, ip(c));
    let joined = false;
    const f = await deps.db.transaction(async (tx) => {
      const found = await openRoom(c, tx, roomId, true);
      if (found.you) return found;
      if (found.members.length >= ROOM_LIMITS.members) throw new AppwriteError(403, 'room_full', `A listening room holds at most ${ROOM_LIMITS.members} listeners.`);
      const id = hex(8);
      const secret = hex(32);
      const anonymous = caller.userId === null;
      const name = anonymous ? (guestName ?? `Guest ${found.members.filter((m) => m.userId === null).length + 1}`) : accountName(caller);
      await roomsStore(tx).addMember(roomId, { id, userId: caller.userId, keyHash: hashSecret(secret), name, at: new Date(deps.now()) });
      if (anonymous) key = `${id}.${secret}`;
      joined = true;
      const members = await roomsStore(tx).members(roomId);
      return { ...found, members, you: members.find((m) => m.id === id)! };
    });
    const room = joined ? await publish(deps.db, roomId) : await stateOf(deps.db, f.room, f.members);
    return c.json({ room, you: youModel(f.room, f.you!, key) });
  });

  /** A member's app says it is still there (every 15 s); the host's keeps the room open. */
  routes.post('/v1/rooms/:roomId/presence', async (c) => {
    await readBody(c);
    await limits.read(ip(c));
    const f = await memberIn(c, deps.db, c.req.param('roomId'));
    await roomsStore(deps.db).memberSeen(f.room.id, f.you.id, new Date(deps.now()));
    return c.json({ room: await stateOf(deps.db, f.room, f.members), you: youModel(f.room, f.you) });
  });

  routes.post('/v1/rooms/:roomId/songs', async (c) => {
    const roomId = c.req.param('roomId');
    const asked = parseSong(await readBody(c));
    // The room moves on where the song's audio ends: the file's exact length, not the app's whole seconds.
    const song = { ...asked, durationMs: (await songLength?.(asked.songId, deps.db)) ?? asked.durationMs };
    const entryId = hex(8);
    const { found, room } = await change(c, roomId, async ({ you }, t, now, tx) => {
      if (you.userId === null && you.songsAdded >= ROOM_LIMITS.anonymousSongs) {
        throw new AppwriteError(403, 'room_song_limit', `Guests who are not signed in can add up to ${ROOM_LIMITS.anonymousSongs} songs. Sign in to add more.`);
      }
      if (t.entries.length >= ROOM_LIMITS.queue) throw new AppwriteError(403, 'room_queue_full', `A listening room's queue holds at most ${ROOM_LIMITS.queue} songs.`);
      await roomsStore(tx).addEntry(roomId, { id: entryId, ...song, addedBy: you.id, addedName: you.name });
      return add(t, { id: entryId, durationMs: song.durationMs }, now);
    });
    const you = { ...found.you, songsAdded: found.you.songsAdded + 1 };
    return c.json({ room, you: youModel(found.room, you), entryId }, 201);
  });

  /** The host removes any song; a member, the songs they added. */
  routes.delete('/v1/rooms/:roomId/songs/:entryId', async (c) => {
    const roomId = c.req.param('roomId');
    const entryId = c.req.param('entryId');
    await readBody(c);
    const { room } = await change(c, roomId, async ({ room, you }, t, now, tx) => {
      const entry = isEntryId(entryId) ? (await roomsStore(tx).entries(roomId)).find((e) => e.id === entryId) : undefined;
      if (!entry) throw new AppwriteError(404, 'room_song_not_found', 'No song with the requested ID is in the room.');
      if (you.userId !== room.hostId && entry.addedBy !== you.id) throw hostOnly();
      await roomsStore(tx).removeEntry(roomId, entryId);
      return remove(t, entryId, now);
    });
    return c.json({ room });
  });

  /** The host's play, pause, skip and seek. */
  routes.post('/v1/rooms/:roomId/commands', async (c) => {
    const roomId = c.req.param('roomId');
    const command = parseCommand(await readBody(c));
    const { room } = await change(c, roomId, async ({ room, you }, t, now) => {
      if (you.userId !== room.hostId) throw hostOnly();
      switch (command.command) {
        case 'play':
          return play(t, now);
        case 'pause':
          return pause(t, now);
        case 'skip':
          return skip(t, now);
        case 'seek':
          return seek(t, command.positionMs, now);
      }
    });
    return c.json({ room }, 202);
  });

  /** The host ends the room: its members stop, and its link answers 410 from then on. */
  routes.delete('/v1/rooms/:roomId', async (c) => {
    const roomId = c.req.param('roomId');
    await readBody(c);
    await memberIn(c, deps.db, roomId);
    const now = deps.now();
    const f = await deps.db.transaction(async (tx) => {
      const found = await memberIn(c, tx, roomId, true);
      if (found.you.userId !== found.room.hostId) throw hostOnly();
      await roomsStore(tx).end(roomId, new Date(now), 'host');
      return found;
    });
    await events.publish(roomEnded(roomId, 'host', membersRoles(f.members), now));
    return c.body(null, 204);
  });

  return routes;
}
