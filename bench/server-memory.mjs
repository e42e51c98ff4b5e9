#!/usr/bin/env node
// Memory of the built server (`apps/server/dist/cli/serve.js` with the Node options of `npm start`): idle RSS and
// start-up peak, over the demo library (data/demo-music, scanned on start) and over an empty music
// folder, PGlite in a fresh DATA_DIR each time (the first start: initdb and every migration run).
//
// Per library, the server in a process of its own: from spawn until `/api/admin/status` says the
// start-up scan is done (`scanning: false` with the library's songs in), then until the server has no
// child process left (its image process ends once it has had no image work for a while), then
// SETTLE_MS of rest. Every figure counts the server's child processes with it.
// Printed: start-up peak (the highest of the kernel's VmHWM of the server, its highest RSS, which
// samples cannot miss, and of the sampled RSS of the server with its children), idle RSS after the
// rest, the time to listen and to a scanned library. The reference, in the same run: a bare
// `node -e` process of the same Node (the floor any Node server starts from).
// Goals: idle <= 200 MB, start-up peak <= 300 MB. Figures only; nothing is asserted.
//
//   node bench/server-memory.mjs            BENCH_MEMORY_LIBRARIES=demo,empty  BENCH_SETTLE_MS=10000  BENCH_NODE_OPTIONS="--max-old-space-size=256"
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryOf, ROOT, rssTree, sleep, startBuiltServer } from './lib/built-server.mjs';
import { childPids } from './lib/proc-cpu.mjs';

const DEMO = join(ROOT, 'data/demo-music');
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
const LIBRARIES = (process.env.BENCH_MEMORY_LIBRARIES ?? 'demo,empty').split(',').map((s) => s.trim());
/** The Node options of the start script (`node <options> apps/server/dist/cli/serve.js`), then BENCH_NODE_OPTIONS. */
const START_OPTIONS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start.match(/^node (.*?)\s*apps\/server\/dist\/cli\/serve\.js/)?.[1] ?? '').split(' ');
const NODE_OPTIONS = [...START_OPTIONS, ...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ')].filter(Boolean);

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');

/** Starts the server over `musicDir`, waits for its start-up scan and the rest, and reads its memory. */
async function measure(musicDir, expectTracks) {
  const server = await startBuiltServer({ musicDir, nodeOptions: NODE_OPTIONS, env: { LOUDNESS_SCAN: 'off' }, label: 'bench-memory' });
  const { proc } = server;
  let peakSampled = 0;
  const sampler = setInterval(() => {
    if (server.alive()) peakSampled = Math.max(peakSampled, rssTree(proc.pid).total);
  }, 20);
  try {
    const { listening, scanned } = await server.scanned(expectTracks, 600_000);
    const atScanned = memoryOf(proc.pid);
    const since = Date.now();
    while (childPids(proc.pid).length > 0 && Date.now() - since < 300_000) await sleep(250);
    const childrenEnded = (Date.now() - since) / 1000;
    await sleep(SETTLE_MS);
    const idle = memoryOf(proc.pid);
    return { listening, scanned, childrenEnded, startupPeak: Math.max(atScanned.hwm, peakSampled), idle: rssTree(proc.pid).total, hwm: idle.hwm };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

/** The floor: a bare Node process of the same version and options. */
function bareNode() {
  const r = spawnSync(
    process.execPath,
    [...NODE_OPTIONS, '-e', 'setTimeout(() => process.stdout.write(require("fs").readFileSync("/proc/self/status","utf8")), 300)'],
    { encoding: 'utf8' },
  );
  return Number(/VmRSS:\s+(\d+) kB/.exec(r.stdout)?.[1] ?? NaN) / 1024;
}

async function main() {
  const empty = mkdtempSync(join(tmpdir(), 'lyra-bench-empty-music-'));
  mkdirSync(empty, { recursive: true });
  const demoSongs = existsSync(DEMO) ? countAudio(DEMO) : 0;
  console.log(`node ${process.version}${NODE_OPTIONS.length ? ' ' + NODE_OPTIONS.join(' ') : ''}; PGlite in a fresh DATA_DIR; rest ${SETTLE_MS / 1000} s before the idle figure`);
  console.log(`bare node process (reference): ${fmt(bareNode())} MB RSS`);
  const rows = [];
  try {
    for (const lib of LIBRARIES) {
      if (lib === 'demo' && demoSongs === 0) {
        console.log('demo: no demo library in data/demo-music (run `npm run setup`); left out');
        continue;
      }
      const r = await measure(lib === 'demo' ? DEMO : empty, lib === 'demo' ? demoSongs : 0);
      rows.push({ lib, r });
      console.log(
        `${lib.padEnd(6)} idle RSS ${fmt(r.idle).padStart(4)} MB (goal <= 200) | start-up peak ${fmt(r.startupPeak).padStart(4)} MB (goal <= 300) | listening after ${(r.listening / 1000).toFixed(1)} s, scanned after ${(r.scanned / 1000).toFixed(1)} s, no child process ${r.childrenEnded.toFixed(1)} s later; the server alone peaked at ${fmt(r.hwm)} MB`,
      );
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
  console.log('\n| Music folder | Idle RSS (goal <= 200 MB) | Start-up peak (goal <= 300 MB) | Listening after | Scanned after |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const { lib, r } of rows) {
    const name = lib === 'demo' ? `demo library (${demoSongs} songs)` : 'empty';
    console.log(`| ${name} | ${fmt(r.idle)} MB | ${fmt(r.startupPeak)} MB | ${(r.listening / 1000).toFixed(1)} s | ${(r.scanned / 1000).toFixed(1)} s |`);
  }
}

function countAudio(dir) {
  const r = spawnSync('find', [dir, '-type', 'f', '-regextype', 'posix-extended', '-iregex', '.*\\.(mp3|m4a|mp4|flac|ogg|oga|opus|wav)$'], { encoding: 'utf8' });
  return r.stdout.split('\n').filter(Boolean).length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
