#!/usr/bin/env node
// The low-memory profile (docs/running.md): the built server as `npm start` runs it, with the Node
// options chosen for a 1 GB machine (LOW_MEMORY_NODE_OPTIONS below; PGlite's settings are the
// server's own, apps/server/src/db/pglite-settings.ts), over 5,000 generated tagged MP3s
// (bench/lib/tagged-library.mjs) in a fresh DATA_DIR. Steps: start, first scan (the start-up scan),
// then BENCH_STREAMS concurrent listeners each playing a different song through `/media/<id>/160.mp4`
// (live transcodes, then the cached tier), while searchers type through `/api/search/songs`, for
// BENCH_ROUNDS rounds. Throughout, the server's RSS and its children's (ffmpeg) are sampled.
// Printed: whether the server stayed up, every request's status (all must be 200 / 206), peak RSS of
// the server (VmHWM) and of the server with its ffmpeg children, against the 1 GB budget. Exits 1
// when the server died or a request failed.
//
//   node bench/low-memory.mjs      BENCH_FILES=5000 BENCH_STREAMS=50 BENCH_ROUNDS=2
import { memoryOf, rssTree, startBuiltServer } from './lib/built-server.mjs';
import { taggedLibrary } from './lib/tagged-library.mjs';

export const LOW_MEMORY_NODE_OPTIONS = ['--max-old-space-size=256', '--max-semi-space-size=1'];
const FILES = Number(process.env.BENCH_FILES ?? 5000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BUDGET_MB = 1024;
const QUERIES = ['love', 'river', 'night', 'gold', 'echo', 'victory', 'march', 'paper', 'storm', 'silver'];

async function main() {
  const music = taggedLibrary(FILES);
  const server = await startBuiltServer({ musicDir: music, nodeOptions: LOW_MEMORY_NODE_OPTIONS, label: 'bench-low-memory' });
  const { proc, base } = server;
  let peakTotal = 0;
  const sampler = setInterval(() => (peakTotal = Math.max(peakTotal, rssTree(proc.pid).total)), 50);
  const statuses = new Map();
  const count = (s) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  let ok = false;
  try {
    // Start and first scan.
    const { scanned } = await server.scanned(FILES, 1_800_000);
    const scanS = scanned / 1000;
    const afterScan = memoryOf(proc.pid).hwm;
    console.log(`started and scanned ${FILES} files in ${scanS.toFixed(1)} s; server peak so far ${afterScan.toFixed(0)} MB`);

    // The songs to play: one page of the library.
    const ids = [];
    for (let page = 1; ids.length < STREAMS; page++) {
      const body = await (await fetch(`${base}/api/library/songs?limit=50&page=${page}`)).json();
      const items = body.data?.results ?? body.data?.songs ?? body.data?.items ?? [];
      if (items.length === 0) break;
      ids.push(...items.map((s) => s.id));
    }
    if (ids.length < STREAMS) throw new Error(`only ${ids.length} songs listed`);

    let searching = true;
    const searches = [];
    const searcher = async (n) => {
      for (let i = n; searching; i += 5) {
        const t = performance.now();
        const r = await fetch(`${base}/api/search/songs?limit=20&query=${QUERIES[i % QUERIES.length]}`);
        await r.arrayBuffer();
        count(r.status);
        searches.push(performance.now() - t);
      }
    };
    const searchers = Array.from({ length: 5 }, (_, n) => searcher(n));
    const t1 = performance.now();
    let bytes = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      await Promise.all(
        ids.slice(0, STREAMS).map(async (id) => {
          const r = await fetch(`${base}/media/${id}/160.mp4`);
          bytes += (await r.arrayBuffer()).byteLength;
          count(r.status);
        }),
      );
      if (proc.exitCode !== null) break;
    }
    searching = false;
    await Promise.all(searchers);
    const loadS = (performance.now() - t1) / 1000;
    const alive = server.alive() && (await fetch(`${base}/healthz`).then((r) => r.ok, () => false));
    const hwm = alive ? memoryOf(proc.pid).hwm : NaN;
    const bad = [...statuses].filter(([s]) => s !== 200 && s !== 206);
    const sorted = [...searches].sort((a, b) => a - b);
    console.log(`${ROUNDS} rounds of ${STREAMS} concurrent streams (${(bytes / 1048576).toFixed(1)} MB) and ${searches.length} searches in ${loadS.toFixed(1)} s; search p95 ${sorted[Math.floor(sorted.length * 0.95)]?.toFixed(0)} ms`);
    console.log(`answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`);
    console.log(`server ${alive ? 'still up' : 'DIED'}; Node options ${LOW_MEMORY_NODE_OPTIONS.join(' ')}`);
    console.log(`peak RSS: server ${hwm.toFixed(0)} MB; server with its ffmpeg children ${peakTotal.toFixed(0)} MB (sampled every 50 ms); budget ${BUDGET_MB} MB`);
    console.log(`\n| Files | First scan | Streams x rounds | Searches | Server peak RSS | With ffmpeg | Budget | Stayed up |`);
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    console.log(`| ${FILES.toLocaleString('en')} | ${scanS.toFixed(1)} s | ${STREAMS} x ${ROUNDS} | ${searches.length} | ${hwm.toFixed(0)} MB | ${peakTotal.toFixed(0)} MB | ${BUDGET_MB} MB | ${alive ? 'yes' : 'no'} |`);
    ok = alive && bad.length === 0 && peakTotal < BUDGET_MB;
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
  process.exit(ok ? 0 : 1);
}

await main();
