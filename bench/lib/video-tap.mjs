// Part 3 of bench/video.mjs (`node bench/video.mjs tap`): what a render in flight does to a
// listener's tap-to-sound in Debian Chromium, against the built server on the demo library. See
// that file's header for what is measured.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, ROOT, TAP_FLAGS, pct, settledHomeSongIds, startServer, tapToSound } from './app-in-chromium.mjs';

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** The longest song the catalogue API reaches from Home: its songs, their albums' and their artists' songs. */
async function longestSong(url) {
  const get = async (path) => (await (await fetch(url + path)).json()).data;
  const songs = new Map();
  const add = (list) => list?.forEach((s) => songs.set(s.id, s));
  add((await get('/api/home/rows')).rows.flatMap((r) => r.songs ?? []));
  const home = [...songs.values()];
  for (const id of new Set(home.map((s) => s.album?.id).filter(Boolean))) add((await get(`/api/albums?id=${id}`))?.songs);
  const artists = new Set(home.flatMap((s) => (s.primaryArtistsId ?? '').split(',').map((a) => a.trim())).filter(Boolean));
  for (const id of artists) add((await get(`/api/artists/${id}/songs`))?.songs);
  return [...songs.values()].reduce((a, b) => (b.duration > a.duration ? b : a));
}

/** Whether the server answers these /media URLs from its cache (a cached tier has an ETag; HEAD never starts a transcode). */
async function uncached(urls) {
  const out = [];
  for (const u of urls) if (!(await fetch(u, { method: 'HEAD' })).headers.get('etag')) out.push(u);
  return out;
}

/** Waits until every URL is a cached tier (the transcodes the taps started have finished); returns those that are not. */
async function untilCached(urls, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let left = await uncached(urls);
  while (left.length && Date.now() < deadline) {
    await sleep(500);
    left = await uncached(left);
  }
  return left;
}

/**
 * Re-renders one song's preview until stopped, each time with the admin command
 * against the running server (DATA_DIR/admin-token), so the render runs in the
 * server through the worker's renderer (niceness, one thread).
 */
function renderLoop(server, musicDir, songId) {
  const admin = join(ROOT, 'apps/server/dist/cli/admin.js');
  const env = { ...process.env, DATA_DIR: server.dataDir, MUSIC_DIR: musicDir, LOG_LEVEL: 'warn' };
  const state = { running: false, stopping: false, seconds: [], error: null };
  const loop = (async () => {
    while (!state.stopping) {
      const t0 = Date.now();
      state.running = true;
      try {
        await new Promise((resolve, reject) =>
          execFile(process.execPath, [admin, 'video', 'render', songId], { env }, (err, _out, stderr) =>
            err ? reject(new Error(`video render ${songId} failed: ${stderr.trim() || err.message}`)) : resolve(),
          ),
        );
      } catch (e) {
        state.error = e;
        break;
      } finally {
        state.running = false;
      }
      state.seconds.push((Date.now() - t0) / 1000);
    }
  })();
  return {
    state,
    /** Lets the render in flight finish; resolves with every render's seconds. */
    async stop() {
      state.stopping = true;
      await loop;
      if (state.error) throw state.error;
      return state.seconds;
    },
  };
}

/** Part 3: `wanted` cold and warm taps per phase (fewer when Home lists too few songs) on the songs of `musicDir`. */
export async function tapLatency(wanted, musicDir) {
  // The server as deployed (worker on; a fresh DATA_DIR has no video requests for it).
  const server = await startServer({ musicDir, env: { VIDEO_WORKER: 'on' } });
  const render = { loop: null };
  let browser = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: TAP_FLAGS });
    const long = await longestSong(server.url);
    const page = await (await browser.newContext({ viewport: { width: 412, height: 860 } })).newPage();
    await page.goto(server.url);
    await page.locator('[data-song-id]').first().waitFor();
    const listed = (await settledHomeSongIds(page)).filter((id) => id !== long.id);
    // One set of songs played once up front (the warm taps of every phase), and a set of
    // never-played songs per phase, dealt in turn so each phase draws from every Home row.
    const n = Math.min(wanted, Math.floor(listed.length / 4));
    if (n < 1) throw new Error(`Home lists ${listed.length} songs: too few for tap-to-sound`);
    const warmIds = listed.slice(0, n);
    const coldIds = [0, 1, 2].map((p) => listed.slice(n, 4 * n).filter((_, i) => i % 3 === p));
    console.log(
      `\n== tap-to-sound in Chromium with and without a render in flight (${n} cold and ${n} warm taps per phase` +
        `${n < wanted ? `; Home lists ${listed.length} songs` : ''}; render: "${long.name}", ${long.duration} s)`,
    );
    const pause = () => page.evaluate(() => document.querySelector('audio')?.pause());
    const warmSrc = [];
    // Whether the render command was running from the tap to the sound.
    const tap = async (id, busy) => {
      const atStart = render.loop?.state.running ?? false;
      const r = await tapToSound(page, id);
      busy.push(atStart && (render.loop?.state.running ?? false));
      return r;
    };

    // Prime the warm set: its first plays fill the cache (and the app loads its player code).
    for (const id of warmIds) {
      warmSrc.push((await tapToSound(page, id)).src);
      await page.waitForTimeout(1_000);
    }
    await pause();
    const notPrimed = await untilCached(warmSrc, 120_000);
    if (notPrimed.length) console.log(`  (${notPrimed.length} warm songs still not cached after 2 min)`);

    const phase = async (ids) => {
      const busy = [];
      const cold = [];
      const coldSrc = [];
      for (const id of ids) {
        const r = await tap(id, busy);
        cold.push(r.ms);
        coldSrc.push(r.src);
        // Each cold play is a live transcode that runs on to fill the cache: 8 s of listening
        // before the next, as in bench/web.mjs, so each tap measures one cold start.
        await page.waitForTimeout(8_000);
      }
      await pause();
      // No transcode of this phase still running during its warm taps (or the next phase).
      const late = await untilCached(coldSrc, 60_000);
      const stale = await uncached(warmSrc);
      const warm = [];
      for (const id of warmIds) {
        warm.push((await tap(id, busy)).ms);
        await page.waitForTimeout(300);
      }
      await pause();
      return { cold, warm, busy, late: late.length, stale: stale.length };
    };

    const before = await phase(coldIds[0]);
    render.loop = renderLoop(server, musicDir, long.id);
    await sleep(3_000); // the admin command has started and ffmpeg is running
    const during = await phase(coldIds[1]);
    const inFlight = during.busy.filter(Boolean).length;
    console.log(`  (waiting for the render in flight to finish)`);
    const renders = await render.loop.stop();
    render.loop = null;
    const after = await phase(coldIds[2]);

    const ms = (x) => `${x.toFixed(0)} ms`.padStart(8);
    const line = (label, p) =>
      console.log(`  ${label.padEnd(18)} ${ms(pct(p.cold, 50))} ${ms(pct(p.cold, 95))}   ${ms(pct(p.warm, 50))} ${ms(pct(p.warm, 95))}`);
    console.log(`  ${''.padEnd(18)} ${'cold p50'.padStart(8)} ${'p95'.padStart(8)}   ${'warm p50'.padStart(8)} ${'p95'.padStart(8)}`);
    line('no render, before', before);
    line('render in flight', during);
    line('no render, after', after);
    const r = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
    const without = { cold: [...before.cold, ...after.cold], warm: [...before.warm, ...after.warm] };
    for (const kind of ['cold', 'warm']) {
      console.log(
        `  ratio with/without, ${kind}: p50 ${r(pct(during[kind], 50), pct(without[kind], 50))}, p95 ${r(pct(during[kind], 95), pct(without[kind], 95))}` +
          `  (p50 against before only ${r(pct(during[kind], 50), pct(before[kind], 50))}, after only ${r(pct(during[kind], 50), pct(after[kind], 50))})`,
      );
    }
    console.log(
      `  (a render was running through ${inFlight} of ${during.busy.length} taps; renders of the ${long.duration} s song, both formats, ` +
        `while tapping: ${renders.map((s) => `${s.toFixed(1)} s`).join(', ')})`,
    );
    const notes = [];
    [before, during, after].forEach((p, i) => {
      if (p.late) notes.push(`${p.late} cold songs of phase ${i + 1} not cached 60 s after its last cold tap`);
      if (p.stale) notes.push(`${p.stale} warm songs not cached at phase ${i + 1}`);
    });
    if (notes.length) console.log(`  (${notes.join('; ')})`);
  } finally {
    // On a failure mid-phase: start no further render (the one in flight ends with the server).
    if (render.loop) render.loop.state.stopping = true;
    await browser?.close();
    await server.stop();
  }
}
