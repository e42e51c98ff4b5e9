import { mkdtemp, rm } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.js';
import { signedInClient } from '../backend/documents/test/sdk-users.js';
import { loadConfig } from '../config.js';
import { silentLogger } from '../log.js';
import { createTestDb, TEST_DATABASE_URL, type TestDb } from '../test/db.js';
import type { Db } from './db.js';
import { OUTAGE_WAIT_MS, openPostgres } from './postgres-db.js';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * A PostgreSQL outage as the server sees it: the server talks to the database
 * through a TCP relay on loopback. `down` cuts every connection and stops
 * listening (a stopped server); `stall` keeps every connection open but passes
 * nothing either way, and holds new ones (a database that stopped answering);
 * `up` brings either back on the same port.
 */
function relayTo(host: string, port: number) {
  const pairs = new Set<[Socket, Socket | null]>();
  let server: Server | null = null;
  let stalled = false;
  let at = 0;
  const connectPair = (pair: [Socket, Socket | null]) => {
    const [client] = pair;
    const db = connect(port, host);
    pair[1] = db;
    db.on('error', () => client.destroy());
    db.on('close', () => client.destroy());
    client.pipe(db).pipe(client);
  };
  const up = async () => {
    if (stalled) {
      stalled = false;
      for (const pair of pairs) {
        const [client, db] = pair;
        if (!db) connectPair(pair);
        else client.pipe(db).pipe(client);
      }
      return;
    }
    server = createServer((client) => {
      const pair: [Socket, Socket | null] = [client, null];
      pairs.add(pair);
      client.on('error', () => pair[1]?.destroy());
      client.on('close', () => {
        pair[1]?.destroy();
        pairs.delete(pair);
      });
      if (!stalled) connectPair(pair);
    });
    server.listen(at, '127.0.0.1');
    await once(server, 'listening');
    at = (server.address() as AddressInfo).port;
  };
  const down = async () => {
    const s = server;
    server = null;
    stalled = false;
    for (const [client, db] of pairs) {
      client.destroy();
      db?.destroy();
    }
    if (s) await new Promise((r) => s.close(r));
  };
  const stall = () => {
    stalled = true;
    for (const [client, db] of pairs) {
      if (!db) continue;
      client.unpipe(db);
      db.unpipe(client);
      client.pause();
      db.pause();
    }
  };
  return { up, down, stall, port: () => at };
}

describe('a PostgreSQL outage', () => {
  const target = new URL(TEST_DATABASE_URL);
  const relay = relayTo(target.hostname, Number(target.port || 5432));
  let testDb: TestDb;
  let db: Db;
  let app: App;
  let base: string;
  let dataDir: string;
  let listening: HttpServer;

  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    await relay.up();
    const url = new URL(testDb.url!);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port());
    db = await openPostgres(url.toString(), 4);
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-outage-'));
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: dataDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off', LOUDNESS_SCAN: 'off' });
    app = await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue', 'backend']);
    listening = app.createServer().listen(0, '127.0.0.1');
    await once(listening, 'listening');
    await app.start();
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    listening?.closeAllConnections();
    await new Promise((r) => listening?.close(r));
    await app?.stop();
    await db?.close();
    await relay.down();
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const signIn = () =>
    fetch(`${base}/v1/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'password123' }),
    });
  const search = () => fetch(`${base}/api/search/songs?query=rain`);
  const timed = async (call: () => Promise<Response>) => {
    const started = Date.now();
    const res = await call();
    return { res, ms: Date.now() - started, body: (await res.json()) as Record<string, unknown> };
  };
  /** The promise (docs/running.md, "Running it"): an answer within seconds, never a hang. Generous on a busy machine. */
  const WITHIN_MS = OUTAGE_WAIT_MS * 2;
  const backendUnavailable = { code: 503, type: 'general_server_error', message: 'The database is unavailable. Try again in a few seconds.' };
  const catalogueUnavailable = { success: false, message: 'the catalogue is unavailable; try again in a few seconds' };

  it('answers fast with 503 and Retry-After in each protocol\'s shape, and serves again when the database is back', async () => {
    expect((await signIn()).status).toBe(401);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    await relay.down();
    const backend = await timed(signIn);
    expect(backend.res.status).toBe(503);
    expect(backend.res.headers.get('retry-after')).toBe('5');
    expect(backend.body).toMatchObject(backendUnavailable);
    expect(backend.ms).toBeLessThan(WITHIN_MS);

    const catalogue = await timed(search);
    expect(catalogue.res.status).toBe(503);
    expect(catalogue.res.headers.get('retry-after')).toBe('5');
    expect(catalogue.body).toEqual(catalogueUnavailable);
    expect(catalogue.ms).toBeLessThan(WITHIN_MS);

    // Request after request through the outage: none waits out the pool's reconnection attempts.
    for (let i = 0; i < 8; i++) {
      const next = await timed(i % 2 ? signIn : search);
      expect(next.res.status).toBe(503);
      expect(next.ms).toBeLessThan(WITHIN_MS);
    }

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    await relay.up();
    await expect.poll(async () => (await signIn()).status, { timeout: 10_000 }).toBe(401);
    expect((await search()).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('answers a search and a document write with 503 and Retry-After within seconds when PostgreSQL stops answering, and takes them again after', async () => {
    const ada = await signedInClient(base, 'ada');
    const { jwt } = await ada.account.createJWT();
    let n = 0;
    const favourite = () =>
      fetch(`${base}/v1/databases/lyra/collections/Favorite/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', 'x-appwrite-jwt': jwt },
        body: JSON.stringify({ documentId: 'unique()', data: { userId: ada.userId, songId: `song-${++n}` } }),
      });
    expect((await favourite()).status).toBe(201);

    relay.stall();
    const [write, found] = await Promise.all([timed(favourite), timed(search)]);
    expect(write.res.status).toBe(503);
    expect(write.res.headers.get('retry-after')).toBe('5');
    expect(write.body).toMatchObject(backendUnavailable);
    expect(write.ms).toBeLessThan(WITHIN_MS);
    expect(found.res.status).toBe(503);
    expect(found.res.headers.get('retry-after')).toBe('5');
    expect(found.body).toEqual(catalogueUnavailable);
    expect(found.ms).toBeLessThan(WITHIN_MS);

    // Known down now: the next ones do not wait at all (bounded all the same).
    const again = await timed(search);
    expect(again.res.status).toBe(503);
    expect(again.ms).toBeLessThan(WITHIN_MS);

    await relay.up();
    await expect.poll(async () => (await search()).status, { timeout: 15_000 }).toBe(200);
    expect((await favourite()).status).toBe(201);
  });

  it('survives a transaction whose connection is cut while it waits (the rollback has no socket to go to), and serves again', async () => {
    const uncaught: unknown[] = [];
    const record = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', record);
    const direct = postgres(testDb.url!, { max: 1, onnotice: () => {} });
    try {
      await db.exec('create table outage_burst (n int not null)');
      for (let round = 0; round < 5; round++) {
        await direct`select pg_advisory_lock(4711)`;
        // A transaction blocked on the lock (in flight when the connection goes), and a burst
        // of writes queued behind it on the pool's other connections.
        const tx = db.transaction((t) => t.query('select pg_advisory_xact_lock(4711)')).then(
          () => null,
          (e: unknown) => e,
        );
        const burst = Promise.allSettled(
          Array.from({ length: 20 }, (_, i) => db.query('insert into outage_burst (n) values ($1)', [round * 100 + i])),
        );
        await expect
          .poll(async () => (await direct`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`)[0]!.n, { timeout: 10_000 })
          .toBe(1);
        await relay.down();
        expect(isDatabaseUnavailable(await tx)).toBe(true);
        for (const r of await burst) if (r.status === 'rejected') expect(isDatabaseUnavailable(r.reason)).toBe(true);
        await direct`select pg_advisory_unlock(4711)`;
        await relay.up();
        await expect.poll(() => db.query('select 1 as ok').then(() => true, () => false), { timeout: 15_000 }).toBe(true);
      }
      expect(await db.transaction((t) => t.query<{ ok: number }>('select 1 as ok'))).toEqual([{ ok: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await direct.end();
    }
  });
});
