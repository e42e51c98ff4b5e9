// Shared by the benchmarks that drive the web app in Debian Chromium against the
// built server (bench/web.mjs, bench/video.mjs): the server on a fresh DATA_DIR,
// the Chromium binary and flags, and the tap-to-sound measurement.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** FLAGS plus what tap-to-sound needs: the app may start audio without a real user gesture. */
export const TAP_FLAGS = [...FLAGS, '--autoplay-policy=no-user-gesture-required'];

/** The p-th percentile (nearest rank); NaN for no samples. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

export async function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The built server on a free port with a fresh DATA_DIR; resolves once the scan is done.
 * `env` overrides the defaults (e.g. `{ VIDEO_WORKER: 'on' }`); the result carries `dataDir`.
 */
export async function startServer({ musicDir, env = {} }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lyra-bench-web-'));
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/cli/serve.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MUSIC_DIR: musicDir,
      SCAN_WATCH: 'off',
      VIDEO_WORKER: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode != null) throw new Error('the server exited');
    if (Date.now() > deadline) throw new Error('the server was not ready in time');
    try {
      const body = await (await fetch(`${url}/api/admin/status`)).json();
      const s = body.data ?? body;
      const scan = s.scan ?? s;
      if (!scan.scanning && scan.tracks > 0) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode == null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Song ids listed on Home, in order, without repeats. */
export async function homeSongIds(page) {
  return page.evaluate(() => [...new Set([...document.querySelectorAll('[data-song-id]')].map((e) => e.getAttribute('data-song-id')))]);
}

/**
 * Song ids on Home once its rows have all rendered: Home renders its rows at
 * background priority in slices, so right after the first row shows, later rows
 * may still be missing (more so on a busy machine). Waits until the list has
 * not grown for `quietMs` (at most `maxMs`).
 */
export async function settledHomeSongIds(page, { quietMs = 1_500, maxMs = 20_000 } = {}) {
  const deadline = Date.now() + maxMs;
  let ids = await homeSongIds(page);
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() < deadline) {
    await page.waitForTimeout(250);
    const now = await homeSongIds(page);
    if (now.length !== ids.length) since = Date.now();
    ids = now;
  }
  return ids;
}

/** Click a row; resolves with the ms until 'playing' fires for that song's source, and the source. */
export function tapToSound(page, id) {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const audio = document.querySelector('audio');
        const row = document.querySelector(`[data-song-id="${CSS.escape(id)}"]`);
        if (!audio || !row) return reject(new Error(`no row for ${id}`));
        const timer = setTimeout(() => reject(new Error(`no sound for ${id} in 60 s`)), 60_000);
        const t0 = performance.now();
        const onPlaying = () => {
          if (!audio.currentSrc.includes(`/media/${encodeURIComponent(id)}/`)) return;
          audio.removeEventListener('playing', onPlaying);
          clearTimeout(timer);
          resolve({ ms: performance.now() - t0, src: audio.currentSrc });
        };
        audio.addEventListener('playing', onPlaying);
        row.click();
      }),
    id,
  );
}
