#!/usr/bin/env node
// Scan rate of the catalogue scanner at three library sizes, beside mpd on the same trees.
//   - demo: data/demo-music (real Ogg files with covers);
//   - 5,000 and 100,000 generated small tagged MP3 files (bench/lib/tagged-library.mjs,
//     kept under the temp folder once made).
// Per size, in a process of its own (so memory figures do not mix): the first scan
// (empty catalogue), a quick rescan with nothing changed (unchanged folders skipped),
// a full rescan (every file statted), peak RSS against the idle server's (database
// open and migrated, routes built), and search p50/p95 through /api/search/songs
// (one every 250 ms) while the first scan runs against the same searches once it is done.
// References measured in the same run: mpd (`mpd` + `mpc update --wait` on the same
// tree, right before and right after each engine's scan, the mean of the two; installed with
// apt-get when missing, else its column says why it is absent) and a bare fs.stat walk of the
// same files.
// Also per size: the first scan's phase breakdown (the scan report's phasesMs: milliseconds in each
// step, added up over the scan; reading and writing overlap, so they can add up to more than the
// scan took) and the process's peak RSS (the kernel's VmHWM) beside mpd's, and files per second of
// CPU time (every thread; the searches beside the scan included) beside mpd's (its start-up included):
// on a busy machine the rates follow the load, CPU time much less. On PostgreSQL the database
// server's own CPU time is not counted (on PGlite the database runs in the process). That CPU time
// is also split by thread (Linux): the event loop, PGlite's database thread, the tag-reading
// threads, V8's helper threads (its optimising compiler and garbage collector, for every thread's
// JavaScript) and the I/O thread pool.
// Goals: first scan >= 0.5x mpd's in the same run, quick rescan >= 20,000 files/s, peak RSS at
// 100,000 files <= 400 MB. Figures only; nothing is asserted. The machine may be shared: compare
// the ratios, measured in the same run, rather than the rates of two runs.
//
// Uses the built server: run `npm run build -w apps/server` first. Both engines by default:
// PGlite (on disk) and PostgreSQL at BENCH_DATABASE_URL (else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test; left out with the reason when it does not answer).
// BENCH_ENGINES=pglite picks one; BENCH_SCAN_SIZES=demo,5000 picks sizes (default demo,5000,100000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { taggedLibrary } from './lib/tagged-library.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// BENCH_SERVER_DIST: another build of the server (a copy of apps/server/dist inside apps/server) to compare.
const DIST = process.env.BENCH_SERVER_DIST ?? join(ROOT, 'apps/server/dist');
const DEMO = join(ROOT, 'data/demo-music');
const AUDIO = /\.(mp3|m4a|mp4|flac|ogg|oga|opus|wav)$/i;
const QUERIES = ['love', 'river', 'night', 'gold', 'echo', 'victory', 'march', 'paper', 'storm', 'silver'];

const rssMb = () => process.memoryUsage().rss / 1048576;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function* files(dir) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (AUDIO.test(e.name)) yield p;
  }
}

/** Reference for rescans: list and stat every audio file, nothing else. */
async function statWalk(dir) {
  const t0 = performance.now();
  let n = 0;
  for await (const f of files(dir)) {
    await stat(f);
    n++;
  }
  return (n * 1000) / (performance.now() - t0);
}

// ---------------------------------------------------------------- one size, in its own process

const DB_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim());

async function openDb(work, engine) {
  const { openPglite } = await import(join(DIST, 'db/pglite-db.js'));
  const { openPostgres } = await import(join(DIST, 'db/postgres-db.js'));
  if (engine === 'pglite') {
    // On disk, as the server keeps it (in memory, the database itself would count in the RSS).
    const db = await openPglite(join(work, 'pglite'));
    return { db, drop: () => db.close() };
  }
  const admin = await openPostgres(DB_URL, 1);
  const name = `lyra_bench_scan_${process.pid}`;
  await admin.exec(`create database "${name}"`);
  const url = new URL(DB_URL);
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

/** CPU seconds of each thread of this process now (Linux; empty elsewhere), by thread id. */
function threadCpu() {
  const out = new Map();
  let tids = [];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(tid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // Ended meanwhile.
    }
  }
  return out;
}

/**
 * The threads of this process by role, told apart by when they started (Node 20 names none): the
 * threads there before any script runs are, in the order they start, V8's (its delayed-task thread
 * and its helper threads: optimising compiler and garbage collector, --v8-pool-size of them, 4 by
 * default), then Node's own (the inspector's and the I/O pool, started by the module loader's first
 * file read); the database's thread (PGlite) starts with the database, and the tag-reading threads
 * during the scan. Those end with the scan, so their share is the process's CPU time less every
 * other thread's.
 */
function threadRoles() {
  const v8Threads = 1 + Number(/--v8-pool-size=(\d+)/.exec(process.execArgv.join(' '))?.[1] ?? 4);
  const early = [...threadCpu().keys()].filter((tid) => tid !== String(process.pid)).sort((a, b) => Number(a) - Number(b));
  return {
    helpers: new Set(early.slice(0, v8Threads)),
    pool: new Set(early.slice(v8Threads)),
    database: new Set(),
    /** Threads started since the last call go to `role`. */
    mark(role) {
      for (const tid of threadCpu().keys()) {
        if (tid !== String(process.pid) && !this.helpers.has(tid) && !this.pool.has(tid) && !this.database.has(tid)) this[role].add(tid);
      }
    },
  };
}

/** CPU seconds of each role between two threadCpu() readings; `total` is the process's. */
function cpuByRole(roles, before, after, total) {
  const sum = (set) => [...set].reduce((n, tid) => n + (after.get(tid) ?? before.get(tid) ?? 0) - (before.get(tid) ?? 0), 0);
  const main = (after.get(String(process.pid)) ?? 0) - (before.get(String(process.pid)) ?? 0);
  const known = { eventLoop: main, database: sum(roles.database), v8Helpers: sum(roles.helpers), ioPool: sum(roles.pool) };
  const readers = total - Object.values(known).reduce((a, b) => a + b, 0);
  return Object.fromEntries(Object.entries({ ...known, readers: Math.max(0, readers) }).map(([k, v]) => [k, Number(v.toFixed(2))]));
}

async function child(musicDir, engine) {
  const roles = threadRoles();
  await stat(musicDir);
  roles.mark('pool');
  const { createScanner } = await import(join(DIST, 'catalogue/scanner/scanner-service.js'));
  const { createApiRoutes } = await import(join(DIST, 'catalogue/http/api.routes.js'));
  const { migrate } = await import(join(DIST, 'db/migrate.js'));
  const { loadConfig } = await import(join(DIST, 'config.js'));
  const { createLogger } = await import(join(DIST, 'log.js'));
  const work = mkdtempSync(join(tmpdir(), 'lyra-bench-scan-'));
  const { db, drop } = await openDb(work, engine);
  roles.mark('database');
  try {
    // The server's tables, indexes and triggers on the catalogue: the catalogue's own, and the album
    // lists' and plays' of the Subsonic module (on the backend's history).
    for (const part of ['catalogue', 'backend', 'subsonic', 'subsonic/catalogue']) await migrate(db, part);
    const config = loadConfig({ DATA_DIR: work, MUSIC_DIR: musicDir, SCAN_WATCH: 'off', SCAN_INTERVAL_MINUTES: '0' });
    const deps = { config, db, log: createLogger('warn'), now: Date.now };
    const scanner = createScanner(deps);
    const api = createApiRoutes(deps, scanner);
    const search = async (i) => {
      const t0 = performance.now();
      const res = await api.request(`/api/search/songs?query=${QUERIES[i % QUERIES.length]}&limit=20`);
      await res.arrayBuffer();
      return performance.now() - t0;
    };
    await search(0);
    globalThis.gc?.();
    await sleep(200);
    const idleRss = rssMb();
    let peak = idleRss;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);

    const timed = async (mode) => {
      const t0 = performance.now();
      const report = await scanner.rescan(mode);
      return { report, rate: (report.seen * 1000) / (performance.now() - t0) };
    };
    // The first scan, with a listener typing a search every 250 ms meanwhile.
    let scanning = true;
    const during = [];
    const searcher = (async () => {
      for (let i = 0; scanning; i++) {
        during.push(await search(i));
        await sleep(250);
      }
    })();
    const cpu0 = process.cpuUsage();
    const threads0 = threadCpu();
    const first = await timed('quick');
    const cpu = process.cpuUsage(cpu0);
    const threads1 = threadCpu();
    scanning = false;
    await searcher;
    const idle = [];
    for (let i = 0; i < 100; i++) idle.push(await search(i));
    const quick = await timed('quick');
    const full = await timed('full');
    clearInterval(sampler);
    const out = {
      files: first.report.seen,
      read: first.report.read,
      errors: first.report.errors,
      first: first.rate,
      quick: quick.rate,
      quickRead: quick.report.read,
      full: full.rate,
      statWalk: await statWalk(musicDir),
      idleRss,
      peakRss: peak,
      hwm: Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024,
      phases: first.report.phasesMs ?? {},
      firstSeconds: first.report.durationMs / 1000,
      // Every thread of the process (tag readers, the PGlite thread), the searches beside the scan included.
      firstCpuSeconds: (cpu.user + cpu.system) / 1e6,
      firstCpuByThread: cpuByRole(roles, threads0, threads1, (cpu.user + cpu.system) / 1e6),
      searchDuring: { n: during.length, p50: percentile(during, 50), p95: percentile(during, 95) },
      searchIdle: { n: idle.length, p50: percentile(idle, 50), p95: percentile(idle, 95) },
    };
    await scanner.stop();
    process.stdout.write(JSON.stringify(out) + '\n');
  } finally {
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- mpd on the same tree

function mpdAvailable() {
  const has = () => spawnSync('sh', ['-c', 'command -v mpd && command -v mpc'], { stdio: 'ignore' }).status === 0;
  if (has()) return null;
  const apt = spawnSync('sh', ['-c', 'DEBIAN_FRONTEND=noninteractive apt-get install -y mpd mpc'], { stdio: 'ignore' });
  if (apt.status === 0 && has()) return null;
  return 'mpd not installed (apt-get install mpd mpc failed)';
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** mpd's first scan (an empty database: mpd scans on start; `mpc update --wait` returns once done) and an unchanged update. */
async function mpd(musicDir) {
  const work = mkdtempSync(join(tmpdir(), 'lyra-bench-mpd-'));
  const port = String(await freePort());
  const conf = join(work, 'mpd.conf');
  writeFileSync(
    conf,
    [
      `music_directory "${musicDir}"`, `db_file "${join(work, 'db')}"`, `log_file "${join(work, 'log')}"`,
      `bind_to_address "127.0.0.1"`, `port "${port}"`, 'auto_update "no"', 'audio_output {', ' type "null"', ' name "null"', '}',
    ].join('\n') + '\n',
  );
  const mpc = (...args) => spawnSync('mpc', ['-h', '127.0.0.1', '-p', port, ...args], { encoding: 'utf8' });
  const t0 = performance.now();
  const proc = spawn('mpd', ['--no-daemon', conf], { stdio: 'ignore' });
  try {
    while (mpc('status').status !== 0) {
      if (proc.exitCode !== null) throw new Error(`mpd exited: ${readFileSync(join(work, 'log'), 'utf8').slice(-400)}`);
      await sleep(20);
    }
    mpc('--wait', 'update');
    const firstMs = performance.now() - t0;
    // Clock ticks (100 a second) of every mpd thread, its start-up included.
    const ticks = readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const firstCpuSeconds = (Number(ticks[11]) + Number(ticks[12])) / 100;
    const songs = Number(/Songs:\s+(\d+)/.exec(mpc('stats').stdout)?.[1] ?? 0);
    const t1 = performance.now();
    mpc('--wait', 'update');
    const updateMs = performance.now() - t1;
    const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    return { songs, first: (songs * 1000) / firstMs, firstCpuSeconds, update: (songs * 1000) / updateMs, peakRss: hwm };
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
    rmSync(work, { recursive: true, force: true });
  }
}

/** Two runs of mpd as one: the mean of their rates and CPU times, the larger peak. */
const meanRuns = (a, b) => ({
  songs: a.songs,
  first: (a.first + b.first) / 2,
  firstCpuSeconds: (a.firstCpuSeconds + b.firstCpuSeconds) / 2,
  update: (a.update + b.update) / 2,
  peakRss: Math.max(a.peakRss, b.peakRss),
});

// ---------------------------------------------------------------- main

function runChild(musicDir, engine) {
  const r = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', musicDir, engine], {
    encoding: 'utf8',
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`the scan of ${musicDir} failed (exit ${r.status})`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const fmt = (n) => (!Number.isFinite(n) ? '-' : n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));

async function main() {
  if (!existsSync(join(DIST, 'catalogue/scanner/scanner-service.js'))) {
    console.log('catalogue-scan: the server is not built; run `npm run build -w apps/server` first');
    process.exit(1);
  }
  if (!existsSync(DEMO)) {
    console.log('catalogue-scan: no demo library in data/demo-music; run `npm run setup` first');
    process.exit(1);
  }
  const sizes = (process.env.BENCH_SCAN_SIZES ?? 'demo,5000,100000').split(',').map((s) => s.trim());
  const noMpd = mpdAvailable();
  const engines = [];
  for (const engine of ENGINES) {
    const why = engine === 'postgres' ? await postgresMissing() : null;
    if (why) console.log(`PostgreSQL left out: ${why}`);
    else engines.push(engine);
  }
  console.log(`engines: ${engines.map((e) => ENGINE_NAMES[e]).join(', ')}; tag-reading threads: one per core but one`);
  if (noMpd) console.log(`mpd column left out: ${noMpd}`);
  const rows = [];
  for (const size of sizes) {
    let dir;
    if (size === 'demo') dir = DEMO;
    else {
      const t0 = performance.now();
      dir = taggedLibrary(Number(size));
      console.log(`${size} generated files ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (${dir})`);
    }
    for (const engine of engines) {
      // mpd right before and right after each engine's scan, their mean the reference: on a shared
      // machine one run of either moves by up to half between minutes.
      const before = noMpd ? null : await mpd(dir);
      const r = runChild(dir, engine);
      const ref = before && meanRuns(before, await mpd(dir));
      rows.push({ size, engine, lyra: r, ref });
      console.log(`\n-- ${size === 'demo' ? 'demo library' : `${size} generated files`}, ${ENGINE_NAMES[engine]}: ${r.files} files (${r.errors} unreadable)`);
      const line = (label, value, unit, refLabel, ref) =>
        console.log(`${label.padEnd(32)} ${fmt(value).padStart(9)} ${unit.padEnd(8)} | ${refLabel.padEnd(26)} ${fmt(ref).padStart(9)} ${unit.padEnd(8)} | ratio ${Number.isFinite(ref) ? (value / ref).toFixed(2) : '-'}`);
      line('first scan', r.first, 'files/s', 'mpd first scan', ref?.first ?? NaN);
      // CPU time is what a loaded machine changes least: files per CPU second, beside mpd's.
      line('first scan per CPU second', r.files / r.firstCpuSeconds, 'files', 'mpd per CPU second', ref ? ref.songs / ref.firstCpuSeconds : NaN);
      console.log(`first scan's CPU by thread (s): ${cpuLine(r)}`);
      line(`quick rescan (${r.quickRead} read)`, r.quick, 'files/s', 'mpd update, unchanged', ref?.update ?? NaN);
      line('full rescan (every file statted)', r.full, 'files/s', 'fs.stat walk', r.statWalk);
      line('peak RSS (VmHWM)', r.hwm, 'MB', 'mpd peak RSS', ref?.peakRss ?? NaN);
      console.log(`${'peak RSS above idle'.padEnd(32)} ${fmt(r.peakRss - r.idleRss).padStart(9)} MB       | idle ${fmt(r.idleRss)} MB`);
      line(`search p50 during first scan`, r.searchDuring.p50, 'ms', 'search p50 after it', r.searchIdle.p50);
      line(`search p95 during first scan`, r.searchDuring.p95, 'ms', 'search p95 after it', r.searchIdle.p95);
      console.log(`first scan phases (s, overlapping; the scan took ${r.firstSeconds.toFixed(1)} s): ${phaseLine(r.phases)}`);
      if (ref && ref.songs !== r.files) console.log(`(mpd found ${ref.songs} songs)`);
    }
  }
  console.log('\n| Library | Engine | First scan | mpd first scan | Ratio | Quick rescan | mpd update | Full rescan | fs.stat walk | Peak RSS (mpd) | Search p95 during scan (after) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { size, engine, lyra: r, ref } of rows) {
    const name = size === 'demo' ? `demo (${r.files} files)` : `${Number(size).toLocaleString('en')} generated`;
    console.log(
      `| ${name} | ${ENGINE_NAMES[engine]} | ${fmt(r.first)}/s | ${ref ? fmt(ref.first) + '/s' : '-'} | ${ref ? 'x' + (r.first / ref.first).toFixed(2) : '-'} | ${fmt(r.quick)}/s | ${ref ? fmt(ref.update) + '/s' : '-'} | ${fmt(r.full)}/s | ${fmt(r.statWalk)}/s | ${fmt(r.hwm)} MB (${ref ? fmt(ref.peakRss) : '-'} MB) | ${fmt(r.searchDuring.p95)} ms (${fmt(r.searchIdle.p95)} ms) |`,
    );
  }
  console.log('\n| Library | Engine | First scan | ' + PHASES.join(' | ') + ' |');
  console.log('| --- | --- | --- | ' + PHASES.map(() => '---').join(' | ') + ' |');
  for (const { size, engine, lyra: r } of rows) {
    const name = size === 'demo' ? `demo (${r.files} files)` : `${Number(size).toLocaleString('en')} generated`;
    console.log(`| ${name} | ${ENGINE_NAMES[engine]} | ${r.firstSeconds.toFixed(1)} s | ${PHASES.map((p) => ((r.phases[p] ?? 0) / 1000).toFixed(1)).join(' | ')} |`);
  }
  console.log('\n| Library | Engine | First scan: CPU s (files per CPU second; mpd\'s) | ' + Object.values(THREAD_ROLES).join(' | ') + ' |');
  console.log('| --- | --- | --- | ' + Object.values(THREAD_ROLES).map(() => '---').join(' | ') + ' |');
  for (const { size, engine, lyra: r, ref } of rows) {
    const name = size === 'demo' ? `demo (${r.files} files)` : `${Number(size).toLocaleString('en')} generated`;
    const perCpu = `${fmt(r.files / r.firstCpuSeconds)}; ${ref ? fmt(ref.songs / ref.firstCpuSeconds) : '-'}`;
    console.log(`| ${name} | ${ENGINE_NAMES[engine]} | ${r.firstCpuSeconds.toFixed(2)} (${perCpu}) | ${Object.keys(THREAD_ROLES).map((k) => (r.firstCpuByThread?.[k] ?? NaN).toFixed(2)).join(' | ')} |`);
  }
}

const ENGINE_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const PHASES = ['check', 'read', 'write', 'statistics', 'sweep', 'regroup', 'upkeep', 'aggregates', 'playlists', 'covers', 'indexes'];
const THREAD_ROLES = { eventLoop: 'event loop', database: 'database thread', readers: 'tag readers', v8Helpers: "V8's helpers", ioPool: 'I/O pool' };
const cpuLine = (r) =>
  `${r.firstCpuSeconds.toFixed(2)} in all: ` +
  Object.entries(THREAD_ROLES)
    .map(([k, label]) => `${label} ${(r.firstCpuByThread?.[k] ?? NaN).toFixed(2)}`)
    .join(', ');
const phaseLine = (phases) => PHASES.map((p) => `${p} ${((phases[p] ?? 0) / 1000).toFixed(1)}`).join(', ');

/** Why the PostgreSQL server cannot be used, or null. */
async function postgresMissing() {
  const { openPostgres } = await import(join(DIST, 'db/postgres-db.js'));
  try {
    const db = await openPostgres(DB_URL, 1);
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
    return null;
  } catch (e) {
    return `${DB_URL.replace(/\/\/[^@/]*@/, '//***@')} does not answer (${e.message})`;
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await main();
