#!/usr/bin/env node
// Video preview costs, each beside a reference measured in the same run. Nothing is asserted.
//
// 1. Render cost per minute of audio, per format (MP4/H.264, WebM/VP9, both from one
//    ffmpeg process as the worker runs it), with the exact arguments the worker uses;
//    reference: transcoding the same minute to the 160 kbps AAC tier a listener streams.
//    Wall time and CPU time (user + sys of ffmpeg) are both printed: on a shared
//    machine the CPU time is the steadier figure.
// 2. What a render in flight does to the server: time to first byte of a cold /media
//    transcode on the real server, without a render, with one running (the worker's
//    niceness and thread limits), and without again; printed as medians and ratios.
// 3. What a render in flight does to a listener: tap-to-sound in Debian Chromium (a
//    click on a song row on Home until the audio element fires 'playing', as in
//    bench/web.mjs) against the built server on the demo library, fresh DATA_DIR.
//    Cold taps (a song never played: a live transcode) and warm taps (songs played
//    once before: the cached tier) in three phases: no render, the longest demo song's
//    preview re-rendered in a loop through the running server (`npm run admin -- video
//    render`, which renders again even when a preview exists), no render again.
//    p50/p95 per phase and the ratios with/without a render, cold and warm. Each cold
//    tap gets 8 s of listening so transcodes do not pile up; the warm figures include
//    the app's 200 ms source delay (SPEC §9).
//
//   node bench/video.mjs [render|ttfb|tap]     (needs `npm run build` and ffmpeg; tap: chromium)
//   BENCH_SAMPLES=10  cold /media requests per phase (part 2)
//   BENCH_TAPS=8      cold taps and warm taps per phase (part 3; at most a quarter of the songs on Home)
import { execFile, execFileSync, fork, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, ROOT, TAP_FLAGS, pct, settledHomeSongIds, startServer, tapToSound } from './lib/app-in-chromium.mjs';

const DIST = new URL('../apps/server/dist/', import.meta.url);
const DEMO_MUSIC = join(ROOT, 'data/demo-music');
const LONG_SONG = join(DEMO_MUSIC, 'wesnoth-1.16-music/loyalists.ogg');
const TIERS = [12, 48, 96, 160];
function load(p) {
  return import(new URL(p, DIST).href);
}

const PARTS = ['render', 'ttfb', 'tap'];

if (process.argv[2] === 'serve') await serve(process.argv[3], process.argv[4], Number(process.argv[5]));
else await main(process.argv[2]);

async function main(only) {
  if (only !== undefined && !PARTS.includes(only)) {
    console.error(`usage: node bench/video.mjs [${PARTS.join('|')}]`);
    process.exit(2);
  }
  const run = (part) => only === undefined || only === part;
  const samples = Number(process.env.BENCH_SAMPLES ?? 10);
  const taps = Number(process.env.BENCH_TAPS ?? 8);
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    statSync(new URL('video/module.js', DIST));
    statSync(LONG_SONG);
    if (run('tap')) {
      statSync(new URL('cli/serve.js', DIST));
      statSync(join(ROOT, 'apps/web/dist/index.html'));
      statSync(CHROMIUM);
    }
  } catch (e) {
    console.error(`needs ffmpeg, the built server and web app (npm run build), the demo music (npm run setup) and, for tap, chromium: ${e.message}`);
    process.exit(1);
  }
  const work = mkdtempSync(join(tmpdir(), 'lyra-bench-video-'));
  process.on('exit', () => rmSync(work, { recursive: true, force: true }));
  process.on('SIGINT', () => process.exit(130));
  console.log(`${cpus().length} cores; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (run('render')) await renderCost(work);
  if (run('ttfb')) await listenerLatency(work, samples);
  if (run('tap')) await tapLatency(taps);
}

/** Runs a command under bash's `time`: wall seconds and CPU seconds (user + sys) of it and its children. */
function timed(cmd, args) {
  const r = spawnSync('bash', ['-c', 'TIMEFORMAT="%R %U %S"; time "$@" >/dev/null 2>/tmp/lyra-bench-video.err', 'bash', cmd, ...args], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  const [wall, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + sys };
}

async function renderCost(work) {
  const { previewArgs } = await load('video/render/ffmpeg-args.js');
  const { RENDER_NICENESS } = await load('video/render/run-ffmpeg.js');
  const { defaultCoverPng } = await load('video/render/default-cover.js');
  const { RENDER } = await load('video/formats.js');
  const minute = join(work, 'minute.ogg');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', '30', '-t', '60', '-i', LONG_SONG, '-c', 'copy', minute]);
  const cover = await defaultCoverPng(work, RENDER.sizePx);
  const src = { audioPath: minute, coverPath: cover, durationS: 60 };
  const nice = (args) => ['-n', String(RENDER_NICENESS), 'ffmpeg', ...args];

  console.log(`\n== render cost per minute of audio (${RENDER.sizePx}x${RENDER.sizePx}, ${RENDER.fps} fps, one thread)`);
  const reference = timed('ffmpeg', ['-v', 'error', '-y', '-i', minute, '-vn', '-c:a', 'aac', '-b:a', '160k', join(work, 'ref.m4a')]);
  console.log(`reference: 160 kbps AAC tier of the same minute   wall ${reference.wall.toFixed(2)} s   cpu ${reference.cpu.toFixed(2)} s`);
  const cases = [
    ['mp4 (H.264)', [{ format: 'mp4', path: join(work, 'p.mp4') }]],
    ['webm (VP9)', [{ format: 'webm', path: join(work, 'p.webm') }]],
    ['both, one process', [{ format: 'mp4', path: join(work, 'b.mp4') }, { format: 'webm', path: join(work, 'b.webm') }]],
  ];
  for (const [name, outputs] of cases) {
    const t = timed('nice', nice(previewArgs(src, outputs)));
    const size = outputs.map((o) => statSync(o.path).size / 1e6);
    console.log(
      `${name.padEnd(18)} wall ${t.wall.toFixed(2).padStart(6)} s/min (${(60 / t.wall).toFixed(1)}x realtime)   ` +
        `cpu ${t.cpu.toFixed(2).padStart(6)} s/min   = ${(t.cpu / reference.cpu).toFixed(1)}x the audio tier's cpu   ` +
        `${size.map((s) => s.toFixed(2)).join(' + ')} MB/min`,
    );
  }
}

/** Child process: the real app (catalogue, backend, video) on PGlite; tracks inserted as the scanner would. */
async function serve(dataDir, musicDir, copies) {
  const { createApp } = await load('app.js');
  const { loadConfig } = await load('config.js');
  const { openDatabase } = await load('db/open.js');
  const { silentLogger } = await load('log.js');
  const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off' });
  const db = await openDatabase({ dataDir });
  const app = await createApp({ config, db, log: silentLogger, now: Date.now });
  const insert = (id, path, durationS) =>
    db.query(
      `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, duration_s, codec, bitrate_kbps)
       values ($1, $2, $3, $4, $1, $1, $1, $5, 'vorbis', 128)`,
      [id, path, statSync(join(musicDir, path)).size, Math.floor(statSync(join(musicDir, path)).mtimeMs), durationS],
    );
  await insert('benchLong', 'long.ogg', 179.5);
  for (let i = 0; i < copies; i++) await insert(`benchShort${i}`, `short${i}.ogg`, 30);
  const video = app.modules.find((m) => m.name === 'video');
  const server = app.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.send({ port: server.address().port });
  process.on('message', async (m) => {
    if (m === 'render') {
      const t0 = Date.now();
      await video.previews.renderSong('benchLong');
      process.send({ rendered: Date.now() - t0 });
    }
    if (m === 'stop') {
      server.closeAllConnections();
      server.close();
      await app.stop();
      await db.close();
      process.exit(0);
    }
  });
}

/** Time to the first body byte of a GET, then the whole body (so the transcode ends before the next sample). */
function ttfb(port, path) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    let first = null;
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
        res.on('data', () => {
          first ??= Number(process.hrtime.bigint() - t0) / 1e6;
        });
        res.on('end', () => resolve(first));
      })
      .on('error', reject);
  });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function listenerLatency(work, samples) {
  const dataDir = join(work, 'data');
  const musicDir = join(work, 'music');
  mkdirSync(musicDir, { recursive: true });
  const copies = Math.ceil((samples * 3 + 1) / TIERS.length);
  copyFileSync(LONG_SONG, join(musicDir, 'long.ogg'));
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-t', '30', '-i', LONG_SONG, '-c', 'copy', join(musicDir, 'short0.ogg')]);
  for (let i = 1; i < copies; i++) copyFileSync(join(musicDir, 'short0.ogg'), join(musicDir, `short${i}.ogg`));

  const child = fork(fileURLToPath(import.meta.url), ['serve', dataDir, musicDir, String(copies)], { stdio: 'inherit' });
  try {
    const [{ port }] = await once(child, 'message');
    // Every sample asks for a (song, tier) never asked before: a cold transcode.
    const cold = [];
    for (let i = 0; i < copies; i++) for (const kbps of TIERS) cold.push(`/media/benchShort${i}/${kbps}.mp4`);
    const phase = async () => {
      const out = [];
      for (let i = 0; i < samples; i++) out.push(await ttfb(port, cold.shift()));
      return out;
    };

    console.log(`\n== first byte of a cold /media transcode (${samples} samples per phase, median)`);
    await ttfb(port, cold.shift()); // warm-up: the server's first transcode also loads code
    const before = await phase();
    // Keep a render of the 3-minute song running for the whole phase.
    let rendering = true;
    const renders = [];
    const renderLoop = (async () => {
      while (rendering) {
        child.send('render');
        const [m] = await once(child, 'message');
        renders.push(m.rendered);
      }
    })();
    await new Promise((r) => setTimeout(r, 1000));
    const during = await phase();
    rendering = false;
    await renderLoop;
    const after = await phase();

    const base = median([...before, ...after]);
    const fmt = (xs) => `${median(xs).toFixed(0).padStart(5)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;
    console.log(`no render, before     ${fmt(before)}`);
    console.log(`render in flight      ${fmt(during)}`);
    console.log(`no render, after      ${fmt(after)}`);
    console.log(
      `ratio with/without:   ${(median(during) / base).toFixed(2)}x ` +
        `(against before only ${(median(during) / median(before)).toFixed(2)}x, after only ${(median(during) / median(after)).toFixed(2)}x)`,
    );
    console.log(`(render of the 179.5 s song, both formats, while serving: ${renders.map((ms) => (ms / 1000).toFixed(1) + ' s').join(', ')})`);
  } finally {
    if (child.connected) child.send('stop');
    await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 5000))]);
  }
}

// ---------------------------------------------------------------- 3. tap-to-sound in Chromium

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

async function tapLatency(wanted) {
  const musicDir = DEMO_MUSIC;
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
