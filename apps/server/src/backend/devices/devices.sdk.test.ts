import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { RealtimeResponseEvent } from 'appwrite';
import { createApp } from '../../app.js';
import { openPostgres } from '../../db/postgres-db.js';
import { silentLogger } from '../../log.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENGINES } from '../../test/db.js';
import { secondDevice, signedInClient } from '../documents/test/sdk-users.js';
import { untilLive } from '../test/until-live.js';
import { createSdkClient, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * Play on another device (backend-api.md §12) through the official SDK's
 * client and realtime: a listener's devices see each other, move playback
 * between them and drive each other; another account sees and drives none of
 * them, over HTTP or the `devices` channel.
 */
type Event = RealtimeResponseEvent<Record<string, unknown>>;
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Failure {
  code: number;
  type: string;
  message: string;
}

/** A call to /v1/devices... as the client's browser (its cookies), answering the body or the Appwrite error. */
async function call<T = Record<string, unknown>>(c: SdkClient, method: string, path: string, body?: unknown): Promise<T | Failure> {
  try {
    return (await c.client.call(method, new URL(c.endpoint + path), { 'content-type': 'application/json' }, (body ?? {}) as Record<string, unknown>)) as T;
  } catch (e) {
    const err = e as { code: number; type: string; message: string };
    return { code: err.code, type: err.type, message: err.message };
  }
}

const playing = (songId: string, positionMs: number, extra: Record<string, unknown> = {}) => ({
  nowPlaying: { songId, index: 1, positionMs, durationMs: 200_000, playing: true, volume: 0.8, ...extra },
  queue: ['s0', songId, 's2'],
});

// The devices' SQL (devices, play_states, device_names) is tested here alone: both engines, whatever test/engines.ts lists.
describe.each(ALL_ENGINES)('play on another device on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(async () => s?.close());

  it("lists the listener's devices online with what they play, named after browser and system", async () => {
    const a = await signedInClient(s.baseUrl, 'ada');
    const b = createSdkClient(s.baseUrl, { userAgent: FIREFOX_MAC });
    await b.account.createEmailPasswordSession({ email: a.email, password: 'password123' });
    expect(await call(a, 'PUT', '/devices/dev-a', playing('s1', 30_000))).toMatchObject({ device: { $id: 'dev-a', name: 'Chrome on GNU/Linux' } });
    await call(b, 'PUT', '/devices/dev-b', { nowPlaying: null });
    const list = (await call<{ total: number; devices: { $id: string; name: string; nowPlaying: unknown }[]; playback: unknown }>(b, 'GET', '/devices')) as {
      total: number;
      devices: { $id: string; name: string; nowPlaying: unknown }[];
      playback: Record<string, unknown>;
    };
    expect(list.total).toBe(2);
    expect(list.devices.map((d) => [d.$id, d.name])).toEqual([
      ['dev-a', 'Chrome on GNU/Linux'],
      ['dev-b', 'Firefox on Mac'],
    ]);
    expect(list.devices[0]!.nowPlaying).toMatchObject({ songId: 's1', index: 1, playing: true, volume: 0.8 });
    expect(list.playback).toMatchObject({ deviceId: 'dev-a', songIds: ['s0', 's1', 's2'], currentId: 's1', playing: true });
    expect(list.playback.positionMs).toBeGreaterThanOrEqual(30_000);

    // A name given to B's session (Profile) names its devices.
    const sessionId = (await b.account.getSession({ sessionId: 'current' })).$id;
    expect(await call(b, 'PUT', `/devices/names/${sessionId}`, { name: '  Kitchen   laptop ' })).toEqual({ sessionId, name: 'Kitchen laptop' });
    const renamed = (await call<{ devices: { name: string }[] }>(a, 'GET', '/devices')) as { devices: { name: string }[] };
    expect(renamed.devices.map((d) => d.name)).toEqual(['Chrome on GNU/Linux', 'Kitchen laptop']);

    // A closed app leaves the list.
    expect(await call(b, 'DELETE', '/devices/dev-b')).toEqual({ message: '' });
    expect(((await call(a, 'GET', '/devices')) as { total: number }).total).toBe(1);
  });

  it('moves playback: the target hears the queue, song and position, every device hears the move; commands reach their device', async () => {
    const a = await signedInClient(s.baseUrl, 'ada');
    const b = await secondDevice(s.baseUrl, a.email);
    const onA: Event[] = [];
    await a.realtime.subscribe(['devices'], (e) => void onA.push(e as Event));
    await call(b, 'PUT', '/devices/dev-b', { nowPlaying: null });
    await untilLive(onA, () => call(a, 'PUT', `/devices/dev-a-${onA.length}`, { nowPlaying: null }));
    await call(a, 'PUT', '/devices/dev-a', playing('s1', 61_000));

    const moved = (await call(b, 'POST', '/devices/dev-b/playback')) as Record<string, unknown>;
    expect(moved).toMatchObject({ deviceId: 'dev-b', songIds: ['s0', 's1', 's2'], currentId: 's1', playing: true });
    expect(moved.positionMs).toBeGreaterThanOrEqual(61_000);
    await expect.poll(() => onA.find((e) => e.payload.kind === 'transfer' && e.payload.$id === 'dev-b'), { timeout: 20_000 }).toMatchObject({
      events: expect.arrayContaining(['devices.dev-b.transfer']),
      payload: { $id: 'dev-b', kind: 'transfer', playback: { deviceId: 'dev-b', currentId: 's1', playing: true } },
    });
    // A's heartbeat still saying it plays does not take playback back.
    const stale = (await call(a, 'PUT', '/devices/dev-a', { nowPlaying: playing('s1', 62_000).nowPlaying })) as { playback: unknown };
    expect(stale.playback).toBeNull();
    expect(((await call(a, 'GET', '/devices')) as { playback: { deviceId: string } }).playback.deviceId).toBe('dev-b');

    expect(await call(b, 'POST', '/devices/dev-a/commands', { command: 'seek', positionMs: 90_000 })).toEqual({ deviceId: 'dev-a', command: 'seek', positionMs: 90_000 });
    await call(b, 'POST', '/devices/dev-a/commands', { command: 'pause' });
    await expect.poll(() => onA.filter((e) => e.payload.kind === 'command').map((e) => e.payload.command), { timeout: 20_000 }).toEqual([
      { command: 'seek', positionMs: 90_000 },
      { command: 'pause' },
    ]);
    await a.realtime.disconnect();
  });

  it("another account can neither list, command, move, rename nor hear a listener's devices", async () => {
    const a = await signedInClient(s.baseUrl, 'ada');
    const mallory = await signedInClient(s.baseUrl, 'mallory');
    const onMallory: Event[] = [];
    await mallory.realtime.subscribe(['devices', 'account', `account.${a.userId}`], (e) => void onMallory.push(e as Event));
    await untilLive(onMallory, () => call(mallory, 'PUT', `/devices/m-${onMallory.length}`, { nowPlaying: null }));
    const before = onMallory.length;

    await call(a, 'PUT', '/devices/dev-a', playing('s1', 1_000));
    expect(((await call(mallory, 'GET', '/devices')) as { devices: { $id: string }[] }).devices.map((d) => d.$id)).not.toContain('dev-a');
    const notFound = { code: 404, type: 'device_not_found', message: 'No device of yours with the requested ID is online.' };
    expect(await call(mallory, 'POST', '/devices/dev-a/commands', { command: 'pause' })).toEqual(notFound);
    expect(await call(mallory, 'POST', '/devices/dev-a/playback')).toEqual(notFound);
    expect(await call(mallory, 'DELETE', '/devices/dev-a')).toEqual(notFound);
    const sessionId = (await a.account.getSession({ sessionId: 'current' })).$id;
    expect(await call(mallory, 'PUT', `/devices/names/${sessionId}`, { name: 'Mine now' })).toMatchObject({ code: 404, type: 'user_session_not_found' });
    // Mallory reporting a device of the same id makes her own, not Ada's.
    await call(mallory, 'PUT', '/devices/dev-a', { nowPlaying: null });
    expect(((await call(a, 'GET', '/devices')) as { devices: { name: string; nowPlaying: unknown }[] }).devices[0]).toMatchObject({ nowPlaying: { songId: 's1' } });

    // Ada's own commands and moves are heard by her devices only: Mallory's probe after them arrives, nothing of Ada's did.
    await call(a, 'POST', '/devices/dev-a/commands', { command: 'next' });
    await call(a, 'PUT', '/devices/dev-a', playing('s2', 5_000));
    await untilLive(onMallory, () => call(mallory, 'PUT', `/devices/m2-${onMallory.length}`, { nowPlaying: null }));
    const mine = (await mallory.account.getSession({ sessionId: 'current' })).$id;
    const hers = (e: Event) => (e.payload.device as { sessionId?: string } | undefined)?.sessionId === mine;
    expect(onMallory.slice(before).filter((e) => !hers(e))).toEqual([]);
    expect(onMallory.slice(before).filter(hers).length).toBeGreaterThan(0);

    const guest = await call(a, 'GET', '/devices');
    expect(guest).toMatchObject({ total: 1 });
    await mallory.realtime.disconnect();
  });

  it('refuses bad input with Appwrite errors', async () => {
    const a = await signedInClient(s.baseUrl, 'ada');
    expect(await call(a, 'PUT', '/devices/dev-a', { nowPlaying: { songId: 's1', index: -1, positionMs: 0, playing: true } })).toEqual({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `nowPlaying.index` param: Value must be a valid range between 0 and 4,999',
    });
    await call(a, 'PUT', '/devices/dev-a', { nowPlaying: null });
    expect(await call(a, 'POST', '/devices/dev-a/commands', { command: 'explode' })).toMatchObject({
      code: 400,
      message: 'Invalid `command` param: Value must be one of (play, pause, next, previous, seek, volume, enqueue, select)',
    });
    expect(await call(a, 'POST', '/devices/dev-a/commands', { command: 'seek' })).toMatchObject({ code: 400, message: 'Missing required parameter: "positionMs"' });
    expect(await call(a, 'POST', '/devices/dev-a/playback')).toEqual({ code: 400, type: 'device_nothing_playing', message: 'Nothing is playing to move.' });
    expect(await call(a, 'PUT', '/devices/-bad')).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });

  it.runIf(engine === 'postgres')('two server instances on one database share the devices: a device on one lists and drives a device on the other', async () => {
    const db = await openPostgres(s.testDb.url!, 5);
    const app = await createApp({ config: s.config, db, log: silentLogger, now: Date.now }, ['backend']);
    const server = app.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    await app.start();
    try {
      const a = await signedInClient(s.baseUrl, 'ada');
      const b = await secondDevice(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, a.email);
      const onA: Event[] = [];
      await a.realtime.subscribe(['devices'], (e) => void onA.push(e as Event));
      await untilLive(onA, () => call(a, 'PUT', `/devices/probe-${onA.length}`, { nowPlaying: null }));
      await call(a, 'PUT', '/devices/dev-a', playing('s1', 10_000));
      expect(((await call(b, 'GET', '/devices')) as { devices: { $id: string }[] }).devices.map((d) => d.$id)).toContain('dev-a');
      await call(b, 'PUT', '/devices/dev-b', { nowPlaying: null });
      await call(b, 'POST', '/devices/dev-a/commands', { command: 'next' });
      await expect.poll(() => onA.find((e) => e.payload.kind === 'command')?.payload.command, { timeout: 20_000 }).toEqual({ command: 'next' });
      await call(b, 'POST', '/devices/dev-b/playback');
      await expect.poll(() => onA.some((e) => e.payload.kind === 'transfer' && e.payload.$id === 'dev-b'), { timeout: 20_000 }).toBe(true);
      await a.realtime.disconnect();
    } finally {
      server.closeAllConnections();
      await app.stop();
      await new Promise<void>((r) => server.close(() => r()));
      await db.close();
    }
  });
});
