import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app.js';
import type { Db } from '../../db/db.js';
import { openPostgres } from '../../db/postgres-db.js';
import { silentLogger } from '../../log.js';
import { subsonicApiKey } from '../../subsonic/test/api-keys.js';
import { ENGINES } from '../../test/db.js';
import { endedSessions, type BackendModule } from '../module.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { GUEST } from './test/fixtures.js';

/**
 * Deleting an account closes its realtime sockets at once (1008), on every
 * server instance, whichever way it is deleted: the Admin page, `npm run admin
 * -- users delete` (the loopback admin listener's route), Subsonic's deleteUser.
 * The end of every session of the account is on the instance's event bus by
 * the time the deletion answers (the 30 s heartbeat that would otherwise find
 * the sessions gone plays no part in that), and the socket closes with 1008.
 */
const PASSWORD = 'password123';

const adminCall = (sdk: SdkClient, method: string, path: string) =>
  sdk.client.call(method, new URL(`${sdk.endpoint}${path}`), { 'content-type': 'application/json' }, {});

describe.each(ENGINES)('deleting an account closes its realtime sockets (%s)', (engine) => {
  let s: TestServer;
  let musicDir: string;
  let admin: SdkClient;
  let n = 0;
  /** PostgreSQL: a second server instance on the same database, with its own connections. */
  let second: { db: Db; app: App; server: Server; baseUrl: string } | null = null;

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-deletion-'));
    s = await startTestServer(engine, { MUSIC_DIR: musicDir }, ['catalogue', 'backend']);
    admin = createSdkClient(s.baseUrl);
    await admin.account.create({ userId: ID.unique(), email: 'owner@example.com', password: PASSWORD, name: 'Owner' });
    await admin.account.createEmailPasswordSession({ email: 'owner@example.com', password: PASSWORD });
    if (engine === 'postgres') {
      const db = await openPostgres(s.testDb.url!, 4);
      const app = await createApp({ config: s.config, db, log: silentLogger, now: Date.now }, ['backend']);
      const server = app.createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      await app.start();
      second = { db, app, server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    }
  });
  afterAll(async () => {
    if (second) {
      second.server.closeAllConnections();
      await new Promise<void>((resolve) => second!.server.close(() => resolve()));
      await second.app.stop();
      await second.db.close();
    }
    await s?.close();
    if (musicDir) await rm(musicDir, { recursive: true, force: true });
  });

  const backendOf = (app: App) => app.modules.find((m) => m.name === 'backend') as BackendModule;
  /** The users whose every session the event bus of `app` has heard end, from now on. */
  function endsHeard(app: App): string[] {
    const heard: string[] = [];
    backendOf(app).events.subscribe((e) => {
      const ended = endedSessions(e);
      if (ended?.sessionIds === null) heard.push(ended.userId);
    });
    return heard;
  }

  /** A new account signed in on the server at `baseUrl`, with a realtime socket open there. */
  async function listening(baseUrl = s.baseUrl) {
    const email = `leaver${++n}@example.com`;
    const sdk = createSdkClient(baseUrl);
    const user = await sdk.account.create({ userId: ID.unique(), email, password: PASSWORD, name: `Leaver ${n}` });
    await sdk.account.createEmailPasswordSession({ email, password: PASSWORD });
    const url = `${sdk.endpoint.replace('http:', 'ws:')}/realtime?project=lyra&channels[]=account`;
    const ws = sdk.run(() => new (globalThis.WebSocket as unknown as new (u: string) => WebSocket)(url));
    const socket = { frames: [] as { type: string }[], closed: null as number | null };
    ws.addEventListener('message', (m) => void socket.frames.push(JSON.parse(String(m.data)) as { type: string }));
    ws.addEventListener('close', (e) => void (socket.closed = e.code));
    await expect.poll(() => socket.frames[0]?.type, { timeout: 10_000 }).toBe('connected');
    return { sdk, user, email, socket };
  }

  it("closes the account's socket when the Admin page deletes it", async () => {
    const { sdk, user, socket } = await listening();
    const heard = endsHeard(s.app);
    await adminCall(admin, 'delete', `/admin/users/${user.$id}`);
    expect(heard).toEqual([user.$id]);
    await expect.poll(() => socket.closed, { timeout: 10_000 }).toBe(1008);
    expect(await failure(sdk.account.get())).toEqual(GUEST);
  });

  it("closes the account's socket when `npm run admin -- users delete` deletes it", async () => {
    const { user, email, socket } = await listening();
    const heard = endsHeard(s.app);
    const res = await backendOf(s.app).adminRoutes.request('/admin/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'delete', email }),
    });
    expect(await res.json()).toEqual({ lines: [`${email} is deleted, with its playlists and favourites, and signed out everywhere`] });
    expect(heard).toEqual([user.$id]);
    await expect.poll(() => socket.closed, { timeout: 10_000 }).toBe(1008);
  });

  it("closes the account's socket when Subsonic's deleteUser deletes it", async () => {
    const { user, email, socket } = await listening();
    const heard = endsHeard(s.app);
    const apiKey = await subsonicApiKey(s, 'owner@example.com');
    const res = await fetch(`${s.baseUrl}/rest/deleteUser?${new URLSearchParams({ apiKey, c: 'test', v: '1.16.1', f: 'json', username: email })}`);
    expect(await res.json()).toMatchObject({ 'subsonic-response': { status: 'ok' } });
    expect(heard).toEqual([user.$id]);
    await expect.poll(() => socket.closed, { timeout: 10_000 }).toBe(1008);
  });

  // PGlite is one process; on PostgreSQL the session-end event crosses instances (LISTEN/NOTIFY).
  if (engine === 'postgres') {
    it("closes the account's socket on another instance too", async () => {
      const { user, socket } = await listening(second!.baseUrl);
      const heard = endsHeard(second!.app);
      await adminCall(admin, 'delete', `/admin/users/${user.$id}`);
      await expect.poll(() => heard, { timeout: 10_000 }).toEqual([user.$id]);
      await expect.poll(() => socket.closed, { timeout: 10_000 }).toBe(1008);
    });
  }
});
