import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { RealtimeResponseEvent } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { openPostgres } from '../../db/postgres-db.js';
import { silentLogger } from '../../log.js';
import { ALL_ENGINES } from '../../test/db.js';
import { signedInClient } from '../documents/test/sdk-users.js';
import { createTestClock } from '../test/clock.js';
import { untilLive } from '../test/until-live.js';
import { createSdkClient, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * Listening rooms (backend-api.md §13) through the official SDK's client and
 * realtime: a host starts a room, a listener and an anonymous guest join with
 * its link and add songs; only the host drives it; another account can
 * neither list, see, drive nor hear it; an ended room's link answers 410.
 */
type Event = RealtimeResponseEvent<Record<string, unknown>>;

interface Failure {
  code: number;
  type: string;
  message: string;
}
interface Room {
  $id: string;
  link: string;
  hostName: string;
  queue: { $id: string; songId: string; addedBy: { name: string } }[];
  current: { entryId: string; startedAt: number | null; pausedMs: number | null } | null;
  members: { name: string; host: boolean; anonymous: boolean }[];
  version: number;
}
interface Answer {
  room: Room;
  you: { $id: string; name: string; host: boolean; anonymous: boolean; songsLeft: number | null; key?: string };
}

/** A call to /v1/rooms... as the client's browser (its cookies), answering the body or the Appwrite error. */
async function call<T = Answer>(c: SdkClient, method: string, path: string, body?: unknown, key?: string): Promise<T | Failure> {
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(key ? { 'x-lyra-room-key': key } : {}) };
    return (await c.client.call(method, new URL(c.endpoint + path), headers, (body ?? {}) as Record<string, unknown>)) as T;
  } catch (e) {
    const err = e as { code: number; type: string; message: string };
    return { code: err.code, type: err.type, message: err.message };
  }
}
const ok = <T>(v: T): Exclude<T, Failure> => {
  if (v && typeof v === 'object' && 'code' in v && 'type' in v && 'message' in v && !('room' in v)) throw new Error(`failed: ${JSON.stringify(v)}`);
  return v as Exclude<T, Failure>;
};

const notMember = { code: 403, type: 'room_not_member', message: 'Join the listening room first.' };
const hostOnly = { code: 403, type: 'room_host_only', message: 'Only the host of the listening room can do this.' };
const endedError = { code: 410, type: 'room_ended', message: 'This listening room has ended.' };

// The rooms' SQL (rooms, room_members, room_songs) is tested here alone: both engines, whatever test/engines.ts lists.
describe.each(ALL_ENGINES)('listening rooms on %s', (engine) => {
  let s: TestServer;
  const clock = createTestClock();
  beforeAll(async () => {
    s = await startTestServer(engine, {}, ['backend'], { now: clock.now });
  });
  afterAll(async () => s?.close());

  it('a host starts a room; a listener and an anonymous guest join with its link, add songs and are shown as who added them', async () => {
    const host = await signedInClient(s.baseUrl, 'Ada');
    const bob = await signedInClient(s.baseUrl, 'Bob');
    const anon = createSdkClient(s.baseUrl);
    const started = ok(await call(host, 'POST', '/rooms'));
    expect(started.room.$id).toMatch(/^[0-9a-f]{32}$/);
    expect(started.room).toMatchObject({ link: `/room/${started.room.$id}`, hostName: 'Ada', queue: [], current: null, members: [{ name: 'Ada', host: true }] });
    expect(started.you).toMatchObject({ host: true, anonymous: false, songsLeft: null });
    const id = started.room.$id;

    const joined = ok(await call(bob, 'POST', `/rooms/${id}/members`));
    expect(joined.you).toMatchObject({ name: 'Bob', host: false, anonymous: false });
    const guest = ok(await call(anon, 'POST', `/rooms/${id}/members`, { name: 'Zoe' }));
    expect(guest.you).toMatchObject({ name: 'Zoe', anonymous: true, songsLeft: 3 });
    const key = guest.you.key!;
    expect(key).toMatch(/^[0-9a-f]{16}\.[0-9a-f]{64}$/);
    // Joining again is the same membership.
    expect(ok(await call(bob, 'POST', `/rooms/${id}/members`)).you.$id).toBe(joined.you.$id);
    expect(ok(await call(anon, 'POST', `/rooms/${id}/members`, {}, key)).you.$id).toBe(guest.you.$id);

    const first = ok(await call<Answer & { entryId: string }>(bob, 'POST', `/rooms/${id}/songs`, { songId: 's1', durationMs: 180_000 }));
    expect(first.room.current).toMatchObject({ entryId: first.entryId, pausedMs: null });
    expect(Math.abs(first.room.current!.startedAt! - clock.now())).toBeLessThan(60_000);
    for (const song of ['a1', 'a2', 'a3']) ok(await call(anon, 'POST', `/rooms/${id}/songs`, { songId: song, durationMs: 1000 }, key));
    expect(await call(anon, 'POST', `/rooms/${id}/songs`, { songId: 'a4', durationMs: 1000 }, key)).toEqual({
      code: 403,
      type: 'room_song_limit',
      message: 'Guests who are not signed in can add up to 3 songs. Sign in to add more.',
    });
    const seen = ok(await call(anon, 'GET', `/rooms/${id}`, undefined, key));
    expect(seen.room.queue.map((e) => [e.songId, e.addedBy.name])).toEqual([
      ['s1', 'Bob'],
      ['a1', 'Zoe'],
      ['a2', 'Zoe'],
      ['a3', 'Zoe'],
    ]);
    expect(seen.you.songsLeft).toBe(0);
    expect(seen.room.members.map((m) => [m.name, m.host, m.anonymous])).toEqual([
      ['Ada', true, false],
      ['Bob', false, false],
      ['Zoe', false, true],
    ]);
    const listed = ok(await call<{ total: number; rooms: { $id: string; host: boolean }[] }>(bob, 'GET', '/rooms'));
    expect(listed.rooms).toEqual([expect.objectContaining({ $id: id, host: false })]);
  });

  it('only the host skips, pauses, seeks and ends; a member removes only the songs they added; the link then answers "ended"', async () => {
    const host = await signedInClient(s.baseUrl, 'Ada');
    const bob = await signedInClient(s.baseUrl, 'Bob');
    const anon = createSdkClient(s.baseUrl);
    const id = ok(await call(host, 'POST', '/rooms')).room.$id;
    ok(await call(bob, 'POST', `/rooms/${id}/members`));
    const key = ok(await call(anon, 'POST', `/rooms/${id}/members`)).you.key!;
    const onBob: Event[] = [];
    const onAnon: Event[] = [];
    await bob.realtime.subscribe([`rooms.${id}`], (e) => void onBob.push(e as Event));
    await anon.realtime.subscribe([`rooms.${id}`], (e) => void onAnon.push(e as Event));
    await untilLive(onBob, () => call(host, 'POST', `/rooms/${id}/commands`, { command: 'play' }));
    await untilLive(onAnon, () => call(host, 'POST', `/rooms/${id}/commands`, { command: 'play' }));

    const a = ok(await call<Answer & { entryId: string }>(bob, 'POST', `/rooms/${id}/songs`, { songId: 's1', durationMs: 100_000 })).entryId;
    const b = ok(await call<Answer & { entryId: string }>(host, 'POST', `/rooms/${id}/songs`, { songId: 's2', durationMs: 100_000 })).entryId;
    expect(await call(bob, 'POST', `/rooms/${id}/commands`, { command: 'skip' })).toEqual(hostOnly);
    expect(await call(anon, 'POST', `/rooms/${id}/commands`, { command: 'pause' }, key)).toEqual(hostOnly);
    expect(await call(bob, 'DELETE', `/rooms/${id}/songs/${b}`)).toEqual(hostOnly);
    expect(await call(bob, 'DELETE', `/rooms/${id}`)).toEqual(hostOnly);

    const paused = ok(await call(host, 'POST', `/rooms/${id}/commands`, { command: 'seek', positionMs: 30_000 }));
    expect(paused.room.current?.entryId).toBe(a);
    const p = ok(await call(host, 'POST', `/rooms/${id}/commands`, { command: 'pause' }));
    expect(p.room.current?.pausedMs).toBeGreaterThanOrEqual(30_000);
    const skipped = ok(await call(host, 'POST', `/rooms/${id}/commands`, { command: 'skip' }));
    expect(skipped.room.current).toMatchObject({ entryId: b, pausedMs: null });
    await expect.poll(() => onAnon.some((e) => (e.payload.room as Room | undefined)?.current?.entryId === b), { timeout: 20_000 }).toBe(true);
    expect(ok(await call(bob, 'DELETE', `/rooms/${id}/songs/${a}`)).room.queue.map((e) => e.$id)).toEqual([b]);

    expect(await call(host, 'DELETE', `/rooms/${id}`)).toEqual({ message: '' });
    await expect.poll(() => onBob.find((e) => e.payload.kind === 'ended')?.payload, { timeout: 20_000 }).toEqual({ $id: id, kind: 'ended', why: 'host' });
    await expect.poll(() => onAnon.some((e) => e.payload.kind === 'ended'), { timeout: 20_000 }).toBe(true);
    expect(await call(anon, 'GET', `/rooms/${id}`, undefined, key)).toEqual(endedError);
    expect(await call(bob, 'POST', `/rooms/${id}/members`)).toEqual(endedError);
    expect(await call(createSdkClient(s.baseUrl), 'POST', `/rooms/${id}/members`)).toEqual(endedError);
    expect(((await call(bob, 'GET', '/rooms')) as { total: number }).total).toBe(0);
    await bob.realtime.disconnect();
    await anon.realtime.disconnect();
  });

  it("another account can neither list, see, drive nor hear a room it has not joined, and cannot find one without its link", async () => {
    const host = await signedInClient(s.baseUrl, 'Ada');
    const mallory = await signedInClient(s.baseUrl, 'Mallory');
    const id = ok(await call(host, 'POST', '/rooms')).room.$id;
    const onHost: Event[] = [];
    const onMallory: Event[] = [];
    await host.realtime.subscribe([`rooms.${id}`], (e) => void onHost.push(e as Event));
    await mallory.realtime.subscribe([`rooms.${id}`, 'rooms.*', 'rooms'], (e) => void onMallory.push(e as Event));
    await untilLive(onHost, () => call(host, 'POST', `/rooms/${id}/commands`, { command: 'play' }));

    expect(((await call(mallory, 'GET', '/rooms')) as { total: number }).total).toBe(0);
    expect(await call(mallory, 'GET', `/rooms/${id}`)).toEqual(notMember);
    expect(await call(mallory, 'POST', `/rooms/${id}/songs`, { songId: 's1', durationMs: 1000 })).toEqual(notMember);
    expect(await call(mallory, 'POST', `/rooms/${id}/commands`, { command: 'skip' })).toEqual(notMember);
    expect(await call(mallory, 'POST', `/rooms/${id}/presence`)).toEqual(notMember);
    expect(await call(mallory, 'DELETE', `/rooms/${id}`)).toEqual(notMember);
    // A forged guest key is no membership.
    const forged = `${'0'.repeat(16)}.${'f'.repeat(64)}`;
    expect(await call(createSdkClient(s.baseUrl), 'GET', `/rooms/${id}`, undefined, forged)).toEqual(notMember);
    // Without the link: made-up and near ids name no room.
    const notFound = { code: 404, type: 'room_not_found', message: 'No listening room with the requested ID could be found.' };
    expect(await call(mallory, 'POST', `/rooms/${'0'.repeat(32)}/members`)).toEqual(notFound);
    expect(await call(mallory, 'POST', `/rooms/${id.slice(0, 31)}/members`)).toEqual(notFound);

    // The room's changes reach the host; Mallory, subscribed to its channel by id, hears none.
    ok(await call(host, 'POST', `/rooms/${id}/songs`, { songId: 's9', durationMs: 5000 }));
    await expect.poll(() => onHost.some((e) => (e.payload.room as Room | undefined)?.queue.length === 1), { timeout: 20_000 }).toBe(true);
    await call(host, 'POST', `/rooms/${id}/commands`, { command: 'pause' });
    await expect.poll(() => onHost.some((e) => (e.payload.room as Room | undefined)?.current?.pausedMs != null), { timeout: 20_000 }).toBe(true);
    expect(onMallory).toEqual([]);
    await host.realtime.disconnect();
    await mallory.realtime.disconnect();
  });

  it('a room ends when its host has been gone 10 minutes', async () => {
    const host = await signedInClient(s.baseUrl, 'Ada');
    const bob = await signedInClient(s.baseUrl, 'Bob');
    const id = ok(await call(host, 'POST', '/rooms')).room.$id;
    ok(await call(bob, 'POST', `/rooms/${id}/members`));
    clock.advance(9 * 60_000);
    ok(await call(host, 'POST', `/rooms/${id}/presence`));
    clock.advance(9 * 60_000);
    ok(await call(bob, 'POST', `/rooms/${id}/presence`));
    clock.advance(60_000);
    expect(await call(bob, 'POST', `/rooms/${id}/presence`)).toEqual(endedError);
    expect(await call(host, 'GET', `/rooms/${id}`)).toEqual(endedError);
  });

  it('refuses bad input with Appwrite errors', async () => {
    const host = await signedInClient(s.baseUrl, 'Ada');
    expect(await call(createSdkClient(s.baseUrl), 'POST', '/rooms')).toMatchObject({ code: 401 });
    const id = ok(await call(host, 'POST', '/rooms')).room.$id;
    expect(await call(host, 'POST', `/rooms/${id}/songs`, { songId: 's1' })).toEqual({ code: 400, type: 'general_argument_invalid', message: 'Missing required parameter: "durationMs"' });
    expect(await call(host, 'POST', `/rooms/${id}/songs`, { songId: '../x', durationMs: 1 })).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await call(host, 'POST', `/rooms/${id}/commands`, { command: 'explode' })).toMatchObject({
      code: 400,
      message: 'Invalid `command` param: Value must be one of (play, pause, skip, seek)',
    });
    expect(await call(host, 'DELETE', `/rooms/${id}/songs/nope`)).toMatchObject({ code: 404, type: 'room_song_not_found' });
    expect(await call(createSdkClient(s.baseUrl), 'POST', `/rooms/${id}/members`, { name: '\u0000' })).toMatchObject({ code: 400 });
    const clockReading = (await call<{ now: number }>(createSdkClient(s.baseUrl), 'GET', '/rooms/clock')) as { now: number };
    expect(Math.abs(clockReading.now - clock.now())).toBeLessThan(60_000);
  });

  it.runIf(engine === 'postgres')('two server instances on one database share a room: a guest on one hears the host on the other', async () => {
    const db = await openPostgres(s.testDb.url!, 5);
    const app = await createApp({ config: s.config, db, log: silentLogger, now: clock.now }, ['backend']);
    const server = app.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    await app.start();
    try {
      const host = await signedInClient(s.baseUrl, 'Ada');
      const anon = createSdkClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const id = ok(await call(host, 'POST', '/rooms')).room.$id;
      const key = ok(await call(anon, 'POST', `/rooms/${id}/members`)).you.key!;
      const onAnon: Event[] = [];
      await anon.realtime.subscribe([`rooms.${id}`], (e) => void onAnon.push(e as Event));
      await untilLive(onAnon, () => call(host, 'POST', `/rooms/${id}/commands`, { command: 'play' }));
      ok(await call(anon, 'POST', `/rooms/${id}/songs`, { songId: 's1', durationMs: 5000 }, key));
      ok(await call(host, 'POST', `/rooms/${id}/commands`, { command: 'skip' }));
      await expect.poll(() => onAnon.some((e) => e.payload.kind === 'room' && (e.payload.room as Room).current === null), { timeout: 20_000 }).toBe(true);
      await call(host, 'DELETE', `/rooms/${id}`);
      await expect.poll(() => onAnon.some((e) => e.payload.kind === 'ended'), { timeout: 20_000 }).toBe(true);
      await anon.realtime.disconnect();
    } finally {
      server.closeAllConnections();
      await app.stop();
      await new Promise<void>((r) => server.close(() => r()));
      await db.close();
    }
  });
});
