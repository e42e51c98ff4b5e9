import { mkdtemp, rm } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { silentLogger } from '../log.js';
import { createTestDb, TEST_DATABASE_URL, type TestDb } from '../test/db.js';
import type { Db } from './db.js';
import { CONNECT_TIMEOUT_S, openPostgres } from './postgres-db.js';

/**
 * A PostgreSQL outage as the server sees it: the server talks to the database
 * through a TCP relay on loopback, and the relay goes away (every connection
 * cut, nothing listening) and comes back on the same port.
 */
function relayTo(host: string, port: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let at = 0;
  const up = async () => {
    server = createServer((client) => {
      const db = connect(port, host);
      for (const s of [client, db]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(db).pipe(client);
    });
    server.listen(at, '127.0.0.1');
    await once(server, 'listening');
    at = (server.address() as AddressInfo).port;
  };
  const down = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise((r) => s.close(r));
  };
  return { up, down, port: () => at };
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
  const timed = async (call: () => Promise<Response>) => {
    const started = Date.now();
    const res = await call();
    return { res, ms: Date.now() - started, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers fast with 503 and Retry-After in each protocol\'s shape, and serves again when the database is back', async () => {
    expect((await signIn()).status).toBe(401);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    await relay.down();
    const backend = await timed(signIn);
    expect(backend.res.status).toBe(503);
    expect(backend.res.headers.get('retry-after')).toBe('5');
    expect(backend.body).toMatchObject({ code: 503, type: 'general_server_error', message: 'The database is unavailable. Try again in a few seconds.' });
    expect(backend.ms).toBeLessThan((CONNECT_TIMEOUT_S + 1) * 1000);

    const catalogue = await timed(() => fetch(`${base}/api/search/songs?query=rain`));
    expect(catalogue.res.status).toBe(503);
    expect(catalogue.res.headers.get('retry-after')).toBe('5');
    expect(catalogue.body).toEqual({ success: false, message: 'the catalogue is unavailable; try again in a few seconds' });
    expect(catalogue.ms).toBeLessThan((CONNECT_TIMEOUT_S + 1) * 1000);

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    await relay.up();
    await expect.poll(async () => (await signIn()).status, { timeout: 10_000 }).toBe(401);
    expect((await fetch(`${base}/api/search/songs?query=rain`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
