#!/usr/bin/env node
// Mixed load (part of `npm run bench:backend`): does a listener's audio wait behind the database?
//
// 200 clients (this process) on one server (the built server in a process of its own) over a copy
// of a few demo songs, on PGlite and on PostgreSQL. Phase 1, the reference: all 200 read random 64 KiB Ranges of a cached 320 kbps
// tier. Phase 2: 100 of them keep reading Ranges while 50 create and list favourites through
// /v1 and 50 search the catalogue. Printed per engine: Range-read p50/p99 alone and mixed, their
// ratio (goal: mixed p99 <= 2x alone), and the slowest request of any kind in phase 2 (goal: < 2 s).
//
//   node bench/backend-mixed.mjs     BENCH_ENGINES=pglite|postgres  BENCH_SECONDS=5  BENCH_DATABASE_URL=...
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { pct } from './lib/app-in-chromium.mjs';

import { freePort } from './lib/app-in-chromium.mjs';

const MAIN = new URL('../apps/server/dist/cli/serve.js', import.meta.url);

const DB_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = 200;
const RANGE = 64 * 1024;
const DEMO = new URL('../data/demo-music/', import.meta.url);
const WORDS = ['battle', 'wesnoth', 'elf', 'night', 'the', 'journey', 'singularity', 'siege', 'victory', 'revelation'];

function call(agent, base, method, path, { body, cookie, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, {
      method, agent,
      headers: { 'x-appwrite-project': 'lyra', 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(parts).length, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** Runs each loop in `loops` until `seconds` pass; latencies in ms per loop kind. */
async function run(loops, seconds) {
  const end = performance.now() + seconds * 1000;
  const out = {};
  await Promise.all(loops.map(async ({ kind, fn }) => {
    const list = (out[kind] ??= []);
    while (performance.now() < end) {
      const t = performance.now();
      await fn();
      list.push(performance.now() - t);
    }
  }));
  for (const list of Object.values(out)) list.sort((a, b) => a - b);
  return out;
}

/** A fresh PostgreSQL database for the run, or none (the server's embedded PGlite in its DATA_DIR). */
async function openEngine(engine) {
  if (engine === 'pglite') return { env: {}, close: async () => {} };
  const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
  const name = `lyra_bench_mixed_${process.pid}_${Date.now().toString(36)}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(DB_URL);
  url.pathname = '/' + name;
  return {
    env: { DATABASE_URL: url.toString() },
    async close() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

function musicCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-bench-mixed-music-'));
  for (const album of readdirSync(DEMO, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const songs = readdirSync(new URL(`${album.name}/`, DEMO)).filter((f) => f.endsWith('.ogg')).sort().slice(0, 12);
    if (songs.length === 0) continue;
    mkdirSync(join(dir, album.name));
    for (const f of songs) copyFileSync(new URL(`${album.name}/${f}`, DEMO), join(dir, album.name, f));
  }
  return dir;
}

async function benchEngine(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lyra-bench-mixed-'));
  const musicDir = musicCopy();
  const e = await openEngine(engine);
  // The server in a process of its own, as deployed: its event loop is not this one's.
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN.pathname], {
    env: { ...process.env, ...e.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off', LOUDNESS_SCAN: 'off', RATE_LIMITS: 'off', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    for (;;) {
      const s = await call(agent, base, 'GET', '/api/admin/status').then((r) => r.json().data, () => null);
      if (s && !s.scanning && s.tracks > 0) break;
      if (child.exitCode != null) throw new Error(`the server exited (${child.exitCode})`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const song = (await call(agent, base, 'GET', '/api/search/songs?query=a&limit=1')).json().data.results[0];
    const media = `/media/${song.id}/320.mp4`;
    await call(agent, base, 'GET', media); // the first play transcodes and fills the cache
    let size = 0;
    for (let i = 0; i < 100 && !size; i++) {
      const head = await call(agent, base, 'GET', media, { headers: { range: 'bytes=0-0' } });
      if (head.status === 206) size = Number(head.headers['content-range'].split('/')[1]);
      else await new Promise((r) => setTimeout(r, 200));
    }
    if (!size) throw new Error('the 320 kbps tier never became a cached file');
    const rangeRead = async () => {
      const at = Math.floor(Math.random() * Math.max(1, size - RANGE));
      const r = await call(agent, base, 'GET', media, { headers: { range: `bytes=${at}-${at + RANGE - 1}` } });
      if (r.status !== 206) throw new Error(`range read answered ${r.status}`);
    };
    const users = await Promise.all(Array.from({ length: 50 }, async (_, i) => {
      const email = `mixed-${process.pid}-${i}@example.com`;
      const user = (await call(agent, base, 'POST', '/v1/account', { body: { userId: 'unique()', email, password: 'password123', name: 'Bench' } })).json();
      const session = await call(agent, base, 'POST', '/v1/account/sessions/email', { body: { email, password: 'password123' } });
      return { userId: user.$id, cookie: session.headers['set-cookie'].map((c) => c.split(';')[0]).join('; ') };
    }));
    let n = 0;
    const documents = (u) => async () => {
      await call(agent, base, 'POST', '/v1/databases/lyra/collections/Favorite/documents', {
        cookie: u.cookie, body: { documentId: 'unique()', data: { userId: u.userId, songId: `s-${n++}` } },
      });
      const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'userId', values: [u.userId] }));
      await call(agent, base, 'GET', `/v1/databases/lyra/collections/Favorite/documents?queries%5B0%5D=${q}`, { cookie: u.cookie });
    };
    const search = async () => {
      const word = WORDS[Math.floor(Math.random() * WORDS.length)];
      await call(agent, base, 'GET', `/api/search/songs?query=${word}&limit=15&page=${Math.floor(Math.random() * 3)}`);
    };

    await run(Array.from({ length: CLIENTS }, () => ({ kind: 'range', fn: rangeRead })), 1); // warm-up
    const alone = await run(Array.from({ length: CLIENTS }, () => ({ kind: 'range', fn: rangeRead })), SECONDS);
    const mixed = await run([
      ...Array.from({ length: 100 }, () => ({ kind: 'range', fn: rangeRead })),
      ...users.map((u) => ({ kind: 'documents', fn: documents(u) })),
      ...Array.from({ length: 50 }, () => ({ kind: 'search', fn: search })),
    ], SECONDS);
    const a = alone.range;
    const m = mixed.range;
    const slowest = Math.max(...Object.values(mixed).map((l) => l.at(-1) ?? 0));
    console.log(`\n== ${engine}: ${CLIENTS} clients, ${SECONDS} s per phase`);
    console.log(`Range reads alone: ${a.length} requests, p50 ${pct(a, 50).toFixed(1)} ms, p99 ${pct(a, 99).toFixed(1)} ms`);
    console.log(`Range reads mixed: ${m.length} requests, p50 ${pct(m, 50).toFixed(1)} ms, p99 ${pct(m, 99).toFixed(1)} ms`);
    console.log(`  with ${mixed.documents.length} favourite create+list pairs (p99 ${pct(mixed.documents, 99).toFixed(1)} ms) and ${mixed.search.length} searches (p99 ${pct(mixed.search, 99).toFixed(1)} ms)`);
    console.log(`mixed/alone Range p99: ${(pct(m, 99) / pct(a, 99)).toFixed(2)}x (goal <= 2x); slowest request while mixed: ${slowest.toFixed(0)} ms (goal < 2000 ms)`);
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
    if (child.exitCode == null) await once(child, 'exit');
    await e.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(musicDir, { recursive: true, force: true });
  }
}

for (const engine of ENGINES) await benchEngine(engine);
process.exit(0);
