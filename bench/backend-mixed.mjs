#!/usr/bin/env node
// Mixed load (part of `npm run bench:backend`): does a listener's audio wait behind the database, and is
// every byte it gets the right one?
//
// 200 clients (this process) on one server (the built server in a process of its own) over a copy
// of a few demo songs, on PGlite and on PostgreSQL. Phase 1, the reference: all 200 read random 64 KiB
// Ranges of the cached 320 kbps tiers of 8 songs. Phase 2: 100 of them keep reading Ranges while 50 create
// and list favourites through /v1 and 50 search the catalogue. Phase 3 (the soak): the same mix until
// BENCH_SOAK_READS Range reads (default 100,000) were answered. One Range read in ten is dropped after
// its first bytes, as a browser does on a seek, and every other body is compared byte for byte with the
// cached file it names. Printed per engine: Range-read p50/p99 alone and mixed, their ratio (goal: mixed
// p99 <= 2x alone), the slowest request of any kind in phase 2 (goal: < 2 s), and the wrong bodies
// (goal: 0).
//
//   node bench/backend-mixed.mjs     BENCH_ENGINES=pglite|postgres  BENCH_SECONDS=5  BENCH_SOAK_READS=100000  BENCH_DATABASE_URL=...
//   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=prof' runs the server with those node flags (a CPU profile of each thread)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { pct } from './lib/app-in-chromium.mjs';
import { cpuSeconds } from './lib/proc-cpu.mjs';
import { verifiedRangeLoad } from './lib/verified-range-load.mjs';

import { freePort } from './lib/app-in-chromium.mjs';

const MAIN = new URL('../apps/server/dist/cli/serve.js', import.meta.url);

const DB_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SOAK_READS = Number(process.env.BENCH_SOAK_READS ?? 100_000);
const SONGS = 8;
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
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), MAIN.pathname], {
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
    const songs = new Map();
    for (const word of WORDS) {
      for (const song of (await call(agent, base, 'GET', `/api/search/songs?query=${word}&limit=${SONGS}`)).json().data.results) {
        if (songs.size < SONGS) songs.set(song.id, song);
      }
    }
    const files = [];
    for (const song of songs.values()) {
      const media = `/media/${song.id}/320.mp4`;
      await call(agent, base, 'GET', media); // the first play transcodes and fills the cache
      let head = null;
      for (let i = 0; i < 100 && head?.status !== 206; i++) {
        if (head) await new Promise((r) => setTimeout(r, 200));
        head = await call(agent, base, 'GET', media, { headers: { range: 'bytes=0-0' } });
      }
      if (head.status !== 206) throw new Error(`the 320 kbps tier of ${song.id} never became a cached file`);
      // A source below 320 kbps is served at its own ceiling tier, named in X-Audio-Bitrate.
      const dir = join(dataDir, 'cache', 'audio', song.id);
      const name = readdirSync(dir).find((f) => f.startsWith(`${head.headers['x-audio-bitrate']}-`) && f.endsWith('.mp4'));
      files.push({ path: media, bytes: readFileSync(join(dir, name)) });
    }
    const ranges = (readers, limits) => verifiedRangeLoad({ port, files, readers, dropEvery: 10, span: { min: RANGE, max: RANGE }, ...limits });
    // One after another: sign-ins in flight from one address count against its limit until they succeed.
    const users = [];
    for (let i = 0; i < 50; i++) {
      const email = `mixed-${process.pid}-${i}@example.com`;
      const user = (await call(agent, base, 'POST', '/v1/account', { body: { userId: 'unique()', email, password: 'password123', name: 'Bench' } })).json();
      const session = await call(agent, base, 'POST', '/v1/account/sessions/email', { body: { email, password: 'password123' } });
      if (session.status !== 201) throw new Error(`sign-in answered ${session.status}: ${JSON.stringify(session.json())}`);
      users.push({ userId: user.$id, cookie: session.headers['set-cookie'].map((c) => c.split(';')[0]).join('; ') });
    }
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

    await ranges(CLIENTS, { seconds: 1 }); // warm-up
    const alone = await ranges(CLIENTS, { seconds: SECONDS });
    const others = (seconds) => run([
      ...users.map((u) => ({ kind: 'documents', fn: documents(u) })),
      ...Array.from({ length: 50 }, () => ({ kind: 'search', fn: search })),
    ], seconds);
    const cpuBefore = { server: cpuSeconds([child.pid]), client: process.cpuUsage() };
    const [m, mixed] = await Promise.all([ranges(100, { seconds: SECONDS }), others(SECONDS)]);
    const serverCpu = cpuSeconds([child.pid]) - cpuBefore.server;
    const clientUsage = process.cpuUsage(cpuBefore.client);
    const clientCpu = (clientUsage.user + clientUsage.system) / 1e6;
    const a = alone.latencies;
    const slowest = Math.max(m.latencies.at(-1) ?? 0, ...Object.values(mixed).map((l) => l.at(-1) ?? 0));
    console.log(`\n== ${engine}: ${CLIENTS} clients, ${SECONDS} s per phase, ${files.length} cached tiers`);
    console.log(`Range reads alone: ${a.length} requests, p50 ${pct(a, 50).toFixed(1)} ms, p99 ${pct(a, 99).toFixed(1)} ms`);
    console.log(`Range reads mixed: ${m.latencies.length} requests, p50 ${pct(m.latencies, 50).toFixed(1)} ms, p99 ${pct(m.latencies, 99).toFixed(1)} ms`);
    console.log(`  with ${mixed.documents.length} favourite create+list pairs (p99 ${pct(mixed.documents, 99).toFixed(1)} ms) and ${mixed.search.length} searches (p99 ${pct(mixed.search, 99).toFixed(1)} ms)`);
    console.log(`  CPU while mixed: the server ${serverCpu.toFixed(1)} s (all its threads), this load client ${clientCpu.toFixed(1)} s, over ${SECONDS} s on ${availableParallelism()} cores`);
    console.log(`mixed/alone Range p99: ${(pct(m.latencies, 99) / pct(a, 99)).toFixed(2)}x (goal <= 2x); slowest request while mixed: ${slowest.toFixed(0)} ms (goal < 2000 ms)`);
    // The soak: the mix until SOAK_READS Range reads were answered, every body checked.
    let soaking = true;
    const soak = await Promise.all([
      ranges(100, { reads: SOAK_READS }).finally(() => (soaking = false)),
      (async () => { while (soaking) await others(1); })(),
    ]).then(([r]) => r);
    const checked = alone.reads + m.reads + soak.reads;
    const dropped = alone.dropped + m.dropped + soak.dropped;
    const wrong = alone.wrongCount + m.wrongCount + soak.wrongCount;
    console.log(`Bytes checked: ${checked} Range bodies (${(soak.bytes / 1e9).toFixed(2)} GB in the soak), ${dropped} reads dropped mid-body; wrong bodies: ${wrong} (goal: 0)`);
    for (const w of [...alone.wrong, ...m.wrong, ...soak.wrong].slice(0, 10)) console.log(`  wrong: ${w.path} ${w.range}: ${w.why}`);
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
