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
//    the app's 200 ms source delay (SPEC#limits-player).
//
//   node bench/video.mjs [render|ttfb|tap]     (needs `npm run build` and ffmpeg; tap: chromium)
//   BENCH_SAMPLES=10  cold /media requests per phase (part 2)
//   BENCH_TAPS=8      cold taps and warm taps per phase (part 3; at most a quarter of the songs on Home)
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveApp } from './lib/app-child.mjs';
import { CHROMIUM, ROOT } from './lib/app-in-chromium.mjs';
import { tapLatency } from './lib/video-tap.mjs';

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
  if (run('tap')) await tapLatency(taps, DEMO_MUSIC);
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
  const song = (id, path, durationS) => ({ id, path, durationS, codec: 'vorbis', bitrateKbps: 128 });
  const tracks = [song('benchLong', 'long.ogg', 179.5)];
  for (let i = 0; i < copies; i++) tracks.push(song(`benchShort${i}`, `short${i}.ogg`, 30));
  await serveApp({
    env: { DATA_DIR: dataDir, MUSIC_DIR: musicDir },
    tracks,
    onMessage: async (m, app) => {
      if (m !== 'render') return;
      const t0 = Date.now();
      await app.modules.find((x) => x.name === 'video').previews.renderSong('benchLong');
      process.send({ rendered: Date.now() - t0 });
    },
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
