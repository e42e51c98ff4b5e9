#!/usr/bin/env node
// `npm run bench:backend`: the documents API and realtime, on PGlite and on PostgreSQL.
//
// 1. List one user's 150 favourites (SPEC#limits-favourites fetch limit) through the real HTTP API, as the
//    SDK asks for them (GET with queries[N], session cookie), under 50 concurrent clients.
//    Reference in the same run: the same SELECT the server issues, sent directly to the
//    database (postgres.js on PostgreSQL, the PGlite handle on PGlite, whose thread runs it) by 50
//    concurrent callers. Printed: requests/s and p95 of both, and API/direct ratios.
// 2. Realtime fan-out: 1,000 sockets of the same user subscribed to Favorite; time from a
//    create request to each socket's event frame, p50/p99. Reference: the same with 1 socket.
//
// Nothing is asserted. Needs `npm run build`. Server, clients and sockets share this process
// (and the machine's cores), so figures include client-side work.
//
//   node bench/backend.mjs                      BENCH_ENGINES=pglite|postgres  BENCH_SECONDS=5
//   BENCH_DATABASE_URL=postgres://... chooses the PostgreSQL server (a database is created and dropped)
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import WebSocket from 'ws';
import { loadServer } from './lib/server-dist.mjs';

const load = loadServer;
const { createApp } = await load('app.js');
const { loadConfig } = await load('config.js');
const { openPglite } = await load('db/pglite-db.js');
const { openPostgres } = await load('db/postgres-db.js');
const { silentLogger } = await load('log.js');

const DB_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = 50;
const FAVOURITES = 150;
const OTHER_USERS = 50;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const FANOUT_EVENTS = 20;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (v) => `${v.toFixed(2)} ms`;
const sleep = (t) => new Promise((r) => setTimeout(r, t));

/** Runs `fn` from `clients` concurrent loops for `seconds` (after a short warm-up); latencies in ms. */
async function load50(fn, clients = CLIENTS, seconds = SECONDS) {
  const warmEnd = performance.now() + 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < warmEnd) await fn();
  }));
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await fn();
      latencies.push(performance.now() - t0);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: pct(latencies, 50), p95: pct(latencies, 95), n: latencies.length };
}

function http(agent, base, method, path, { body, cookie } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-appwrite-project': 'lyra',
          'x-sdk-name': 'Web',
          'x-sdk-version': '28.0.0',
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode >= 400) reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`));
          else resolve({ json: text ? JSON.parse(text) : null, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

async function openEngine(engine) {
  if (engine === 'pglite') {
    const db = await openPglite();
    return { db, direct: (text, params) => db.query(text, params), label: 'the PGlite handle (its own thread)', close: async () => db.close() };
  }
  const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
  const name = `lyra_bench_${process.pid}_${Date.now().toString(36)}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(DB_URL);
  url.pathname = '/' + name;
  const db = await openPostgres(url.toString());
  // The same pool size the server uses (openPostgres default: 10).
  const sql = postgres(url.toString(), { max: 10, onnotice: () => {} });
  return {
    db,
    direct: (text, params) => sql.unsafe(text, params, { prepare: true }),
    label: 'postgres.js, pool of 10',
    async close() {
      await sql.end();
      await db.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function signUp(agent, base, email) {
  const user = await http(agent, base, 'POST', '/v1/account', {
    body: { userId: 'unique()', email, password: 'password123', name: 'Bench' },
  });
  const session = await http(agent, base, 'POST', '/v1/account/sessions/email', { body: { email, password: 'password123' } });
  const cookie = session.headers['set-cookie'].map((c) => c.split(';')[0]).join('; ');
  return { userId: user.json.$id, cookie };
}

async function fanOut(base, cookie, userId, agent, sockets) {
  const url = `${base.replace('http:', 'ws:')}/v1/realtime?project=lyra`;
  const peers = [];
  for (let i = 0; i < sockets; i += 100) {
    const batch = Array.from({ length: Math.min(100, sockets - i) }, () => {
      const ws = new WebSocket(url, { headers: { cookie } });
      const peer = { ws, got: new Map() };
      ws.on('message', (data) => {
        const now = performance.now();
        const frame = JSON.parse(data.toString());
        if (frame.type === 'event') peer.got.set(frame.data.payload.songId, now);
        else if (frame.type === 'connected') {
          ws.send(JSON.stringify({ type: 'subscribe', data: [{ subscriptionId: 'fav', channels: ['databases.lyra.collections.Favorite.documents'], queries: [] }] }));
        } else if (frame.type === 'response') peer.subscribed = true;
      });
      peers.push(peer);
      return once(ws, 'open');
    });
    await Promise.all(batch);
  }
  while (!peers.every((p) => p.subscribed)) await sleep(20);
  const latencies = [];
  for (let i = 0; i < FANOUT_EVENTS; i++) {
    const songId = `fan-${sockets}-${i}`;
    const t0 = performance.now();
    await http(agent, base, 'POST', '/v1/databases/lyra/collections/Favorite/documents', {
      cookie,
      body: { documentId: 'unique()', data: { userId, songId } },
    });
    const deadline = performance.now() + 30_000;
    while (!peers.every((p) => p.got.has(songId)) && performance.now() < deadline) await sleep(1);
    for (const p of peers) if (p.got.has(songId)) latencies.push(p.got.get(songId) - t0);
  }
  for (const p of peers) p.ws.terminate();
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies.at(-1), delivered: latencies.length, expected: sockets * FANOUT_EVENTS };
}

async function benchEngine(engine) {
  console.log(`\n== ${engine}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'lyra-bench-'));
  const e = await openEngine(engine);
  // Every bench socket comes from this one address.
  const config = loadConfig({ DATA_DIR: dataDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off', RATE_LIMITS: 'off', REALTIME_MAX_PER_ADDRESS: String(SOCKETS + 100) });
  const app = await createApp({ config, db: e.db, log: silentLogger, now: Date.now }, ['backend']);
  const server = app.createServer();
  // Idle keep-alive sockets between phases must not be closed under the client's feet.
  server.keepAliveTimeout = 120_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  await app.start();
  const base = `http://127.0.0.1:${server.address().port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    const me = await signUp(agent, base, `bench-${process.pid}@example.com`);
    for (let i = 0; i < FAVOURITES; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) =>
        http(agent, base, 'POST', '/v1/databases/lyra/collections/Favorite/documents', {
          cookie: me.cookie,
          body: { documentId: 'unique()', data: { userId: me.userId, songId: `song-${i + j}` } },
        }),
      ));
    }
    // Other users' favourites share the table, as in a real deployment.
    await e.db.query(
      `insert into doc_favorite ("$id", "$createdAt", "$updatedAt", "$permissions", "userId", "songId")
       select 'o' || u || '-' || s, now(), now(), array['read("user:other' || u || '")'], 'other' || u, 'song-' || s
       from generate_series(1, $1::int) u, generate_series(1, $2::int) s`,
      [OTHER_USERS, FAVOURITES],
    );
    const queries = [
      JSON.stringify({ method: 'equal', attribute: 'userId', values: [me.userId] }),
      JSON.stringify({ method: 'limit', values: [FAVOURITES] }),
    ];
    const path = `/v1/databases/lyra/collections/Favorite/documents?${queries
      .map((q, i) => `${encodeURIComponent(`queries[${i}]`)}=${encodeURIComponent(q)}`)
      .join('&')}`;
    const check = await http(agent, base, 'GET', path, { cookie: me.cookie });
    console.log(`list: ${check.json.documents.length} of ${check.json.total} favourites per request (${OTHER_USERS * FAVOURITES} other rows in the table)`);

    // The statement the server issues for that request (compile-list.ts), with the caller's read permissions.
    const roles = ['any', `user:${me.userId}`, 'users', `user:${me.userId}/unverified`, 'users/unverified'];
    const text =
      'select *, count(*) over ()::int as "$total" from "doc_favorite" where "$permissions" && $1::text[] and "userId" = $2::text' +
      ' order by "$sequence" asc nulls first limit $3::int8 offset $4::int8';
    const params = [roles.map((r) => `read("${r}")`), me.userId, FAVOURITES, 0];
    const rows = await e.direct(text, params);
    if (rows.length !== FAVOURITES) throw new Error(`direct select returned ${rows.length} rows`);

    const direct = await load50(() => e.direct(text, params));
    const api = await load50(() => http(agent, base, 'GET', path, { cookie: me.cookie }));
    console.log(`direct SELECT (${e.label}): ${direct.rps.toFixed(0)} req/s, p50 ${ms(direct.p50)}, p95 ${ms(direct.p95)}`);
    console.log(`HTTP API GET (50 clients):       ${api.rps.toFixed(0)} req/s, p50 ${ms(api.p50)}, p95 ${ms(api.p95)}`);
    console.log(`ratio API/direct: throughput ${(api.rps / direct.rps).toFixed(2)} (target >= 0.5), p95 direct/API ${(direct.p95 / api.p95).toFixed(2)}`);

    const one = await fanOut(base, me.cookie, me.userId, agent, 1);
    const many = await fanOut(base, me.cookie, me.userId, agent, SOCKETS);
    console.log(`realtime, 1 socket:       p50 ${ms(one.p50)}, p99 ${ms(one.p99)} (${one.delivered}/${one.expected} events)`);
    console.log(`realtime, ${SOCKETS} sockets: p50 ${ms(many.p50)}, p99 ${ms(many.p99)}, max ${ms(many.max)} (${many.delivered}/${many.expected} events)`);
    console.log(`ratio p99 ${SOCKETS} sockets / 1 socket: ${(many.p99 / one.p99).toFixed(1)}`);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await app.stop();
    await new Promise((r) => server.close(r));
    await e.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const engine of ENGINES) await benchEngine(engine);
