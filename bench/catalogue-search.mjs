#!/usr/bin/env node
// Search latency on a synthetic catalogue of 100,000 tracks, on PGlite and on
// PostgreSQL: GET /api/search/songs through the real app (in-process), for
// exact, partial, misspelt and multi-word queries. Figures are printed beside
// a reference measured in the same run on the same database: one indexed
// `select ... where id = $1` round trip. Nothing is asserted.
//
//   node bench/catalogue-search.mjs [tracks]        (needs `npm run build`)
//   BENCH_DATABASE_URL=postgres://... to choose the PostgreSQL server
//   BENCH_ENGINES=pglite to run one engine only; BENCH_KEEP=1 keeps the PostgreSQL database;
//   BENCH_PGLITE_DIR=<dir> keeps PGlite's catalogue on disk between runs
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import postgres from 'postgres';
import { generate, percentile, queries, time } from './lib/generated-library.mjs';
import { loadServer } from './lib/server-dist.mjs';

const load = loadServer;
const { createApp } = await load('app.js');
const { loadConfig } = await load('config.js');
const { openPglite } = await load('db/pglite-db.js');
const { openPostgres } = await load('db/postgres-db.js');
const { migrate } = await load('db/migrate.js');
const { silentLogger } = await load('log.js');

const TRACKS = Number(process.argv[2] ?? 100_000);
const REPS = 15;
const DB_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

async function run(engine) {
  let db;
  let drop = async () => {};
  if (engine === 'pglite') {
    // BENCH_PGLITE_DIR keeps the generated catalogue on disk for the next run.
    db = await openPglite(process.env.BENCH_PGLITE_DIR);
  } else {
    const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
    const name = `lyra_bench_${process.pid}`;
    await admin.unsafe(`drop database if exists "${name}"`);
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(DB_URL);
    url.pathname = '/' + name;
    db = await openPostgres(url.toString(), 4);
    drop = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lyra-bench-'));
  try {
    await migrate(db, 'catalogue');
    const [{ have }] = await db.query('select count(*)::int as have from tracks');
    let genMs = 0;
    if (have !== TRACKS) {
      console.log(`\n${engine}: generating ${TRACKS} tracks...`);
      if (have > 0) await db.exec('truncate tracks, albums, artists, catalogue_words cascade');
      genMs = await generate(db, TRACKS);
    }
    const config = loadConfig({ DATA_DIR: dataDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off' });
    const app = await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue']);
    const q = await queries(db, TRACKS);
    const [{ n }] = await db.query('select count(*)::int as n from tracks');
    const [{ w }] = await db.query('select count(*)::int as w from catalogue_words');
    console.log(`${engine}: ${n} tracks, ${w} distinct words, generated in ${(genMs / 1000).toFixed(1)} s`);

    const ids = Array.from({ length: 50 }, (_, k) => 't' + (1 + ((k * 104729) % TRACKS)));
    let k = 0;
    const reference = async () => db.query('select id, title from tracks where id = $1', [ids[k++ % ids.length]]);
    await time(reference, 100);
    const ref = await time(reference, 500);
    const refP50 = percentile(ref, 50);
    const refP95 = percentile(ref, 95);
    console.log(`  reference (indexed select by id)  p50 ${refP50.toFixed(3)} ms  p95 ${refP95.toFixed(3)} ms`);

    const all = [];
    for (const [kind, list] of Object.entries(q)) {
      const times = [];
      const hits = [];
      for (const query of list) {
        const path = `/api/search/songs?limit=10&query=${encodeURIComponent(query)}`;
        await app.request(path); // warm
        times.push(
          ...(await time(async () => {
            const res = await app.request(path);
            const body = await res.json();
            if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
            hits.push(body.data.total);
          }, REPS)),
        );
      }
      all.push(...times);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      const medianHits = percentile(hits, 50);
      console.log(
        `  ${kind.padEnd(9)} p50 ${p50.toFixed(2).padStart(6)} ms (x${(p50 / refP50).toFixed(0)})  ` +
          `p95 ${p95.toFixed(2).padStart(6)} ms (x${(p95 / refP95).toFixed(0)})  median hits ${medianHits}  e.g. ${JSON.stringify(list[0])}`,
      );
    }
    console.log(
      `  all       p50 ${percentile(all, 50).toFixed(2).padStart(6)} ms  p95 ${percentile(all, 95).toFixed(2).padStart(6)} ms` +
        `  (target p95 <= 15 ms)`,
    );
    await app.stop();
  } finally {
    await db.close();
    if (process.env.BENCH_KEEP) console.log('  kept the database (BENCH_KEEP)');
    else await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const engine of ENGINES) await run(engine);
