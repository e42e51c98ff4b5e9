#!/usr/bin/env node
// Scan rate of the catalogue scanner, cold and warm, and its peak memory.
// Each figure is printed beside a reference measured in the same run:
//   cold  - ffprobe run once per file (what a naive scanner would do);
//   warm  - a bare fs.stat walk of the same files (the floor for "nothing changed");
//   RSS   - sampled every 20 ms during the scans (PGlite alone holds ~400 MB),
//           beside the RSS before scanning, and the 5,000-file peak beside the 57-file one.
// Target: warm >= 1,000 files/s on ~5,000 files. Figures only; nothing is asserted.
//
// Uses the built server: run `npx tsc -b` first. PGlite by default; set
// BENCH_DATABASE_URL=postgres://... to also measure on a PostgreSQL server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'apps/server/dist');
const DEMO = join(ROOT, 'data/demo-music');
const AUDIO = /\.(mp3|m4a|mp4|flac|ogg|oga|opus|wav)$/i;
const TARGET_FILES = 5_000;

if (!existsSync(join(DIST, 'catalogue/scanner/scanner-service.js'))) {
  console.log('catalogue-scan: the server is not built; run `npx tsc -b` first');
  process.exit(1);
}
if (!existsSync(DEMO)) {
  console.log('catalogue-scan: no demo library in data/demo-music; run `npm run setup` first');
  process.exit(1);
}

const { createScanner } = await import(join(DIST, 'catalogue/scanner/scanner-service.js'));
const { openPglite } = await import(join(DIST, 'db/pglite-db.js'));
const { openPostgres } = await import(join(DIST, 'db/postgres-db.js'));
const { migrate } = await import(join(DIST, 'db/migrate.js'));
const { loadConfig } = await import(join(DIST, 'config.js'));
const { createLogger } = await import(join(DIST, 'log.js'));

const log = createLogger('warn');
const rssMb = () => process.memoryUsage().rss / 1048576;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
sampler.unref();
const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));
const row = (label, value, unit, refLabel, ref) =>
  console.log(
    `${label.padEnd(34)} ${fmt(value).padStart(9)} ${unit.padEnd(8)} | ${refLabel.padEnd(28)} ${fmt(ref).padStart(9)} ${unit.padEnd(8)} | ratio ${(value / ref).toFixed(2)}`,
  );

async function* files(dir) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (AUDIO.test(e.name)) yield p;
  }
}

/** Reference for warm scans: list and stat every audio file, nothing else. */
async function statWalk(dir) {
  const t0 = performance.now();
  let n = 0;
  for await (const f of files(dir)) {
    await stat(f);
    n++;
  }
  return (n * 1000) / (performance.now() - t0);
}

/** Reference for cold scans: one ffprobe per file for tags and duration. */
async function ffprobeEach(dir) {
  const t0 = performance.now();
  let n = 0;
  for await (const f of files(dir)) {
    spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream_tags', '-of', 'json', f]);
    n++;
  }
  return (n * 1000) / (performance.now() - t0);
}

/** ~5,000 files: the demo library linked many times over (links, so no disk is used). */
async function replicate(target) {
  const demo = [];
  for await (const f of files(DEMO)) demo.push(f);
  const copies = Math.ceil(TARGET_FILES / demo.length);
  for (let c = 0; c < copies; c++) {
    for (const f of demo) {
      const to = join(target, `copy-${String(c).padStart(3, '0')}`, relative(DEMO, f));
      await mkdir(join(to, '..'), { recursive: true });
      await symlink(f, to);
    }
  }
  return copies * demo.length;
}

async function openDb(kind) {
  if (kind === 'pglite') {
    const db = await openPglite();
    return { db, drop: () => db.close() };
  }
  const admin = await openPostgres(process.env.BENCH_DATABASE_URL, 1);
  const name = `lyra_bench_${process.pid}`;
  await admin.exec(`create database "${name}"`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = '/' + name;
  const db = await openPostgres(url.toString(), 5);
  return {
    db,
    async drop() {
      await db.close();
      await admin.exec(`drop database if exists "${name}" with (force)`);
      await admin.close();
    },
  };
}

async function scanRate(db, musicDir, dataDir) {
  const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off' });
  const scanner = createScanner({ config, db, log, now: Date.now });
  const t0 = performance.now();
  const report = await scanner.rescan();
  const ms = performance.now() - t0;
  await scanner.stop();
  return { rate: (report.seen * 1000) / ms, report };
}

async function run(kind) {
  console.log(`\n-- ${kind}`);
  const work = await mkdtemp(join(tmpdir(), 'lyra-bench-scan-'));
  const { db, drop } = await openDb(kind);
  try {
    await migrate(db, 'catalogue');
    globalThis.gc?.();
    const baseRss = rssMb();
    peak = baseRss;

    const cold = await scanRate(db, DEMO, join(work, 'data'));
    const probe = await ffprobeEach(DEMO);
    row(`cold scan, demo (${cold.report.seen} files)`, cold.rate, 'files/s', 'ffprobe per file', probe);
    const warm = await scanRate(db, DEMO, join(work, 'data'));
    row(`warm scan, demo (${warm.report.read} re-read)`, warm.rate, 'files/s', 'fs.stat walk', await statWalk(DEMO));
    const demoRss = peak;

    const big = join(work, 'big');
    const n = await replicate(big);
    // The copies share their bytes: the populating scan is not a cold rate of a real library.
    const populate = await scanRate(db, big, join(work, 'data'));
    console.log(`${`populate, ${n} linked files`.padEnd(34)} ${fmt(populate.rate).padStart(9)} files/s`);
    const warmBig = await scanRate(db, big, join(work, 'data'));
    row(`warm scan, ${warmBig.report.seen} files (${warmBig.report.read} re-read)`, warmBig.rate, 'files/s', 'fs.stat walk', await statWalk(big));
    row('peak RSS, demo scans', demoRss, 'MB', 'RSS before scanning', baseRss);
    row(`peak RSS, ${n}-file scans`, peak, 'MB', 'peak RSS, demo scans', demoRss);
  } finally {
    await drop();
    await rm(work, { recursive: true, force: true });
  }
}

// PostgreSQL first: PGlite keeps ~400 MB of WebAssembly memory after it closes,
// which would hide the scanner's own memory in the other run's RSS.
if (process.env.BENCH_DATABASE_URL) await run('postgres');
await run('pglite');
