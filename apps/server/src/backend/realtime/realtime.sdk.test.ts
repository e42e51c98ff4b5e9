import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Channel, ID, type RealtimeResponseEvent } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app.js';
import type { Db } from '../../db/db.js';
import { openPostgres } from '../../db/postgres-db.js';
import { silentLogger } from '../../log.js';
import { ENGINES } from '../../test/db.js';
import { secondDevice, signedInClient } from '../documents/test/sdk-users.js';
import type { SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * Realtime through the official SDK (backend-api.md §7): a change made on one
 * device reaches the user's other devices, and nobody else. Waits are
 * generous polls; nothing here measures time.
 */
type Event = RealtimeResponseEvent<Record<string, unknown>>;

/** A poll's step while a probe's event may be on its way. */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Subscriptions go live once the server has the `subscribe` frame, which the
 * SDK sends without telling us: repeat a probe write until its event arrives.
 */
async function untilLive(received: Event[], probe: () => Promise<string>) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const id = await probe();
    for (let i = 0; i < 10; i++) {
      if (received.some((e) => e.payload.$id === id)) return;
      await pause(50);
    }
  }
  throw new Error('subscription never went live');
}

async function favorite(c: SdkClient & { userId?: string }, userId: string, songId: string) {
  return (await c.databases.createDocument('lyra', 'Favorite', ID.unique(), { userId, songId })).$id;
}

describe.each(ENGINES)('realtime through the appwrite SDK on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(async () => s?.close());

  it("delivers a favourite made on one device to the user's other device, and to nobody else", async () => {
    const phone = await signedInClient(s.baseUrl, 'ada');
    const laptop = await secondDevice(s.baseUrl, phone.email);
    const bob = await signedInClient(s.baseUrl, 'bob');
    const onLaptop: Event[] = [];
    const onBob: Event[] = [];
    await laptop.realtime.subscribe(Channel.database('lyra').collection('Favorite').document(), (e) => void onLaptop.push(e as Event));
    await bob.realtime.subscribe(['documents', 'databases.lyra.collections.Favorite.documents'], (e) => void onBob.push(e as Event));
    let n = 0;
    await untilLive(onLaptop, () => favorite(phone, phone.userId, `probe-${n++}`));
    await untilLive(onBob, () => favorite(bob, bob.userId, `probe-${n++}`));

    const id = await favorite(phone, phone.userId, 'song-42');
    await expect.poll(() => onLaptop.find((e) => e.payload.$id === id), { timeout: 20_000 }).toMatchObject({ payload: { $id: id, userId: phone.userId, songId: 'song-42' } });
    const event = onLaptop.find((e) => e.payload.$id === id)!;
    expect(event.events[0]).toBe(`databases.lyra.collections.Favorite.documents.${id}.create`);
    expect(event.events).toContain('databases.*.collections.*.documents.*.create');
    expect(event.channels).toContain('databases.lyra.collections.Favorite.documents');
    expect(event.payload).toMatchObject({ $id: id, userId: phone.userId, songId: 'song-42', $collectionId: 'Favorite' });
    expect(event.subscriptions).toHaveLength(1);

    // Bob's own later write arrives after Ada's event would have: Bob saw none of Ada's.
    const marker = await favorite(bob, bob.userId, 'marker');
    await expect.poll(() => onBob.some((e) => e.payload.$id === marker), { timeout: 20_000 }).toBe(true);
    expect(onBob.filter((e) => e.payload.userId !== bob.userId)).toEqual([]);

    await phone.databases.deleteDocument('lyra', 'Favorite', id);
    await expect.poll(() => onLaptop.some((e) => e.events[0]?.endsWith(`${id}.delete`)), { timeout: 20_000 }).toBe(true);
    await laptop.realtime.disconnect();
    await bob.realtime.disconnect();
  });

  it('knows the user from the session cookie of the handshake, or from an authentication frame', async () => {
    const ada = await signedInClient(s.baseUrl, 'ada');
    const url = `${s.endpoint.replace('http:', 'ws:')}/realtime?project=lyra`;
    const open = (page: SdkClient) => {
      const ws = page.run(() => new (globalThis.WebSocket as unknown as new (u: string) => WebSocket)(url));
      const frames: { type: string; data: Record<string, unknown> }[] = [];
      ws.addEventListener('message', (m) => void frames.push(JSON.parse(String(m.data))));
      return { ws, frames };
    };
    const withCookie = open(ada);
    await expect.poll(() => withCookie.frames[0]?.data.user, { timeout: 10_000 }).toMatchObject({ $id: ada.userId, email: ada.email });
    withCookie.ws.close();

    const blob = ada.browser.jar.all().find((c) => c.name.startsWith('a_session_lyra'))!.value;
    const stranger = open(await signedInClient(s.baseUrl, 'nobody').then((c) => (c.browser.jar.clear(), c)));
    await expect.poll(() => stranger.frames[0]).toEqual({ type: 'connected', data: { channels: [], subscriptions: [], user: null } });
    stranger.ws.send(JSON.stringify({ type: 'authentication', data: { session: 'eyJpZCI6InUxIiwic2VjcmV0IjoicyJ9' } }));
    stranger.ws.send(JSON.stringify({ type: 'authentication', data: { session: blob } }));
    await expect.poll(() => stranger.frames.length, { timeout: 10_000 }).toBe(3);
    expect(stranger.frames[1]).toEqual({ type: 'error', data: { code: 1003, message: 'Session is not valid.' } });
    expect(stranger.frames[2]).toMatchObject({ type: 'response', data: { to: 'authentication', success: true, user: { $id: ada.userId } } });
    stranger.ws.close();
  });

  it('closes the sockets of a session when it ends: one session deleted, or all of them', async () => {
    const url = `${s.endpoint.replace('http:', 'ws:')}/realtime?project=lyra`;
    const open = async (page: SdkClient) => {
      const ws = page.run(() => new (globalThis.WebSocket as unknown as new (u: string) => WebSocket)(url));
      const socket = { ws, frames: [] as { type: string; data: Record<string, unknown> }[], closed: null as number | null };
      ws.addEventListener('message', (m) => void socket.frames.push(JSON.parse(String(m.data))));
      ws.addEventListener('close', (e) => void (socket.closed = e.code));
      await expect.poll(() => socket.frames[0], { timeout: 10_000 }).toMatchObject({ type: 'connected', data: { user: { $id: phone.userId } } });
      ws.send(JSON.stringify({ type: 'subscribe', data: [{ subscriptionId: 'a', channels: ['account', 'documents'] }] }));
      await expect.poll(() => socket.frames.some((f) => f.type === 'response'), { timeout: 10_000 }).toBe(true);
      return socket;
    };
    const phone = await signedInClient(s.baseUrl, 'ada');
    const laptop = await secondDevice(s.baseUrl, phone.email);
    const tablet = await secondDevice(s.baseUrl, phone.email);
    const [onPhone, onLaptop, onTablet] = [await open(phone), await open(laptop), await open(tablet)];

    // The laptop signs the phone out: only the phone's socket closes.
    const phoneSession = (await phone.account.getSession('current')).$id;
    await laptop.account.deleteSession(phoneSession);
    await expect.poll(() => onPhone.closed, { timeout: 10_000 }).toBe(1008);
    expect(onPhone.frames.at(-1)).toEqual({ type: 'error', data: { code: 1008, message: 'Session is no longer valid.' } });
    expect(onLaptop.closed).toBeNull();
    expect(onTablet.closed).toBeNull();

    // Signing out everywhere closes the rest, and they hear nothing afterwards.
    await laptop.account.deleteSessions();
    await expect.poll(() => [onLaptop.closed, onTablet.closed], { timeout: 10_000 }).toEqual([1008, 1008]);
    const heard = onTablet.frames.length;
    // A socket of a new session hears the next change: by then the closed ones have heard nothing of it.
    const again = await secondDevice(s.baseUrl, phone.email);
    const onAgain = await open(again);
    await favorite(again, phone.userId, 'after-sign-out');
    await expect.poll(() => onAgain.frames.some((f) => f.type === 'event'), { timeout: 10_000 }).toBe(true);
    expect(onTablet.frames.length).toBe(heard);
    onAgain.ws.close();
  });

  it('works with the legacy client.subscribe too', async () => {
    const ada = await signedInClient(s.baseUrl, 'ada');
    const other = await secondDevice(s.baseUrl, ada.email);
    const got: Event[] = [];
    const unsubscribe = other.client.subscribe('databases.lyra.collections.Playlist.documents', (e) => void got.push(e as Event));
    let n = 0;
    const probe = async () =>
      (await ada.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: ada.userId, name: `p${n++}` })).$id;
    await untilLive(got, probe);
    expect(got.at(-1)!.payload).toMatchObject({ userId: ada.userId, $collectionId: 'Playlist' });
    other.run(() => unsubscribe());
  });

  // PGlite is one process; crossing instances is what PostgreSQL LISTEN/NOTIFY is for.
  if (engine === 'postgres') {
    describe('two server instances on one database', () => {
      let second: { app: App; db: Db; close(): Promise<void>; baseUrl: string };
      beforeAll(async () => {
        const db = await openPostgres(s.testDb.url!, 5);
        const app = await createApp({ config: s.config, db, log: silentLogger, now: Date.now }, ['backend']);
        const server = app.createServer();
        server.listen(0, '127.0.0.1');
        await once(server, 'listening');
        await app.start();
        second = {
          app,
          db,
          baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          async close() {
            server.closeAllConnections();
            await app.stop();
            await new Promise<void>((r) => server.close(() => r()));
            await db.close();
          },
        };
      });
      afterAll(async () => second?.close());

      it('delivers an event written on one instance to a socket on the other', async () => {
        const writer = await signedInClient(s.baseUrl, 'ada');
        const reader = await secondDevice(second.baseUrl, writer.email);
        const got: Event[] = [];
        await reader.realtime.subscribe(Channel.database('lyra').collection('Favorite').document(), (e) => void got.push(e as Event));
        let n = 0;
        await untilLive(got, () => favorite(writer, writer.userId, `x-${n++}`));
        const id = await favorite(writer, writer.userId, 'across');
        await expect.poll(() => got.find((e) => e.payload.$id === id)?.payload.songId, { timeout: 20_000 }).toBe('across');
        await reader.realtime.disconnect();
      });
    });
  }
});
