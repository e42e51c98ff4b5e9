// The built server (`apps/server/dist/cli/serve.js`) in a process of its own, for the memory
// benchmarks (bench/server-memory.mjs, bench/low-memory.mjs): PGlite in a fresh DATA_DIR, a free
// loopback port, the scan watcher and the video worker off; and its memory read from /proc.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './app-in-chromium.mjs';
import { childPids } from './proc-cpu.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_MAIN = join(ROOT, 'apps/server/dist/cli/serve.js');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const kbOf = (status, key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);

/** VmRSS and VmHWM (the highest RSS the kernel saw) of a process, in MB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: kbOf(status, 'VmRSS') / 1024, hwm: kbOf(status, 'VmHWM') / 1024 };
}

/** RSS of `pid` and of its child processes, in MB; 0 once gone. */
export function rssTree(pid) {
  try {
    const own = memoryOf(pid).rss || 0;
    let children = 0;
    for (const child of childPids(pid)) {
      try {
        children += memoryOf(child).rss || 0; // a zombie has no RSS line
      } catch {
        // the child ended between the two reads
      }
    }
    return { own, total: own + children };
  } catch {
    return { own: 0, total: 0 };
  }
}

/**
 * Starts the built server over `musicDir` with `nodeOptions`, in a fresh DATA_DIR (removed by
 * `stop`). `scanned(tracks, timeoutMs)` waits until the start-up scan is done with at least
 * `tracks` songs and says when the server first answered (ms after spawn).
 */
export async function startBuiltServer({ musicDir, nodeOptions = [], env = {}, label = 'bench' }) {
  if (!existsSync(SERVER_MAIN)) {
    console.log('the server is not built; run `npm run build -w apps/server` first');
    process.exit(1);
  }
  const work = mkdtempSync(join(tmpdir(), `lyra-${label}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const proc = spawn(process.execPath, [...nodeOptions, SERVER_MAIN], {
    env: { ...process.env, DATA_DIR: work, MUSIC_DIR: musicDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', VIDEO_WORKER: 'off', SCAN_WATCH: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const status = () => fetch(`${base}/api/admin/status`).then((r) => (r.ok ? r.json().then((b) => b.data) : null), () => null);

  async function scanned(tracks, timeoutMs) {
    let listening = NaN;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`the server died while starting or scanning (exit ${proc.exitCode}, ${proc.signalCode ?? 'no signal'}): ${stderr}`);
      const s = await status();
      if (s && Number.isNaN(listening)) listening = performance.now() - began;
      if (s && !s.scanning && s.tracks >= tracks) return { listening, scanned: performance.now() - began };
      if (performance.now() - began > timeoutMs) throw new Error(`no scanned library after ${timeoutMs / 60_000} minutes`);
      await sleep(50);
    }
  }

  async function stop() {
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
    }
    rmSync(work, { recursive: true, force: true });
  }

  return { proc, base, scanned, stop, alive: () => proc.exitCode === null };
}
