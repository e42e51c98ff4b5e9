#!/usr/bin/env node
// The built server (apps/server/dist/cli/serve.js) on a music folder holding what once brought it down:
// directory-loop links (sub/up -> .., sub/self -> ., sub/abs -> the music folder), a FIFO named like a
// song, a folder named like a song and two sparse files of 1.9 GiB (all holes: no disk used), beside the
// demo songs (data/demo-music). The server starts with the watcher on (SCAN_WATCH=on, PGlite in a temp
// DATA_DIR, a free port); /healthz is asked every 250 ms for BENCH_HAZARD_SECONDS (default 60) and the
// server's RSS (/proc, Linux) sampled meanwhile. Reference in the same run: the same server on an empty
// music folder, its RSS once /healthz answers ("idle"). Prints the answers, the slowest, the peak RSS
// above idle and what the server's log reported of each hazard. Goal: every /healthz answered, peak
// under 300 MB above idle. Figures only; nothing is asserted.
//
//   npm run build -w @lyra/server && node bench/music-folder-hazards.mjs
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, closeSync, ftruncateSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVE = join(ROOT, 'apps/server/dist/cli/serve.js');
const DEMO = join(ROOT, 'data/demo-music');
const SECONDS = Number(process.env.BENCH_HAZARD_SECONDS ?? 60);
const SPARSE_BYTES = Math.floor(1.9 * 1024 ** 3);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid) => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

function hazardFolder(music) {
  cpSync(DEMO, music, { recursive: true });
  mkdirSync(join(music, 'sub'));
  symlinkSync('..', join(music, 'sub', 'up'));
  symlinkSync('.', join(music, 'sub', 'self'));
  symlinkSync(music, join(music, 'sub', 'abs'));
  const fifo = spawnSync('mkfifo', [join(music, 'sub', 'pipe.mp3')]);
  if (fifo.status !== 0) console.error('mkfifo failed; no FIFO in the folder');
  mkdirSync(join(music, 'x.mp3'));
  for (const name of ['a-sparse.mp3', 'sub/b-sparse.flac']) {
    const fd = openSync(join(music, name), 'w');
    ftruncateSync(fd, SPARSE_BYTES);
    closeSync(fd);
  }
}

/** Starts serve.js; resolves once it logs its address. */
function serve(music, data) {
  const child = spawn(process.execPath, [SERVE], {
    env: { ...process.env, MUSIC_DIR: music, DATA_DIR: data, PORT: '0', HOST: '127.0.0.1', SCAN_WATCH: 'on', VIDEO_WORKER: 'off', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log = [];
  let buffered = '';
  const port = new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        log.push(line);
        const m = / INFO listening url=http:\/\/localhost:(\d+)/.exec(line);
        if (m) resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`serve.js exited (${code}):\n${log.slice(-20).join('\n')}`)));
  });
  return { child, log, port };
}

async function healthz(port, timeoutMs = 2000) {
  const t0 = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return { ok: res.status === 200, ms: performance.now() - t0 };
  } catch {
    return { ok: false, ms: performance.now() - t0 };
  }
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

const work = mkdtempSync(join(tmpdir(), 'lyra-bench-hazards-'));
try {
  // Reference: the server on an empty music folder, once it answers.
  const empty = join(work, 'empty');
  mkdirSync(empty);
  const ref = serve(empty, join(work, 'data-idle'));
  const refPort = await ref.port;
  while (!(await healthz(refPort)).ok) await sleep(100);
  await sleep(2000);
  const idle = rssMb(ref.child.pid);
  await stop(ref.child);

  const music = join(work, 'music');
  hazardFolder(music);
  const s = serve(music, join(work, 'data'));
  const port = await s.port;
  const started = performance.now();
  let answered = 0;
  let failed = 0;
  let slowest = 0;
  let peak = 0;
  let firstFailureAt = null;
  while (performance.now() - started < SECONDS * 1000 && s.child.exitCode === null) {
    const [h] = await Promise.all([healthz(port), sleep(250)]);
    if (h.ok) answered++;
    else {
      failed++;
      firstFailureAt ??= (performance.now() - started) / 1000;
    }
    slowest = Math.max(slowest, h.ms);
    peak = Math.max(peak, rssMb(s.child.pid) || 0);
  }
  const end = rssMb(s.child.pid);
  const exited = s.child.exitCode;
  await stop(s.child);

  const pick = (re) => s.log.filter((l) => re.test(l));
  console.log(`music folder hazards, ${SECONDS} s, Node ${process.version}`);
  console.log(`  /healthz: ${answered} answered, ${failed} failed${firstFailureAt === null ? '' : ` (first at ${firstFailureAt.toFixed(1)} s)`}, slowest ${slowest.toFixed(0)} ms`);
  console.log(`  RSS: idle ${idle.toFixed(0)} MB (empty music folder), peak ${peak.toFixed(0)} MB = ${(peak - idle).toFixed(0)} MB above idle, at the end ${(end - idle).toFixed(0)} MB above`);
  if (exited !== null) console.log(`  the server exited with code ${exited}`);
  console.log('  reported by the server:');
  for (const l of pick(/left out of the library|file skipped|read last|music folder watcher|scan finished|scan stopped|scan failed|heap/)) {
    console.log(`    ${l.replace(/^\S+ /, '')}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
