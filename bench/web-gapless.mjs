#!/usr/bin/env node
// `node bench/web-gapless.mjs`: the gap between two songs as a listener hears it,
// in Debian Chromium against the built server on a fresh DATA_DIR (needs
// `npm run build`, chromium, ffmpeg).
//
// Two songs are cut from one continuous 440 Hz tone (6 s at 44.1 kHz, cut at
// sample 133,345: not on an AAC frame) and played as an album. What goes to the
// speakers is recorded sample by sample (bench/lib/output-tap.mjs) and the tone
// is checked where one song hands over to the next: the silence there, and how
// late (or early) the second song started, from the tone's phase. The first run
// plays first transcodes (live streams), the later ones cached tiers.
// Reference, same run and same files: one `<audio>` through Web Audio that
// is pointed at the second song when the first fires 'ended' (the usual swap).
// Goal: |gap| <= 5 ms. Figures and ratios only; nothing is asserted.
//
//   node bench/web-gapless.mjs        BENCH_GAPLESS_RUNS=5
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, ROOT, TAP_FLAGS, pct, startServer } from './lib/app-in-chromium.mjs';
import { TAP_SCRIPT, measureToneBreak, readTap } from './lib/output-tap.mjs';

const RUNS = Number(process.env.BENCH_GAPLESS_RUNS ?? 5);
const HZ = 440;
const CUT = 133_345;

function toneAlbum() {
  const music = mkdtempSync(join(tmpdir(), 'lyra-bench-gapless-'));
  const dir = join(music, 'Gapless Tone');
  mkdirSync(dir);
  const part = (n, trim) =>
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${HZ}:duration=6:sample_rate=44100`, '-ac', '2',
      '-af', trim, '-c:a', 'flac', '-metadata', `title=Tone Part ${n}`, '-metadata', 'artist=Test Tones',
      '-metadata', 'album=Gapless Tone', '-metadata', `track=${n}`, join(dir, `0${n}.flac`)]);
  part(1, `atrim=end_sample=${CUT}`);
  part(2, `atrim=start_sample=${CUT}`);
  return music;
}

const newContext = async (browser) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 860 }, bypassCSP: true });
  await context.addInitScript(() => localStorage.setItem('loudnessMode', 'off'));
  await context.addInitScript(TAP_SCRIPT);
  return context;
};

/** The app plays the album; recorded until a second into the second song. */
async function appRun(server, browser, albumId) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/album/${albumId}`);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('region', { name: 'Now playing' }).getByTestId('mini-title').filter({ hasText: 'Tone Part 2' }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_000);
  const { samples, sampleRate } = await readTap(page);
  await context.close();
  return measureToneBreak(samples, sampleRate, HZ);
}

/** One element through Web Audio, pointed at the second song on 'ended'. */
async function swapRun(server, browser, urls) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/favicon.png`);
  await page.evaluate(
    ([a, b]) =>
      new Promise((resolve, reject) => {
        const ctx = new AudioContext();
        const audio = new Audio(a);
        ctx.createMediaElementSource(audio).connect(ctx.destination);
        audio.addEventListener('ended', () => {
          audio.src = b;
          void audio.play();
          audio.addEventListener('timeupdate', () => audio.currentTime >= 1 && resolve());
        }, { once: true });
        audio.addEventListener('error', () => reject(new Error('the reference could not play')));
        void ctx.resume().then(() => audio.play());
      }),
    urls,
  );
  const { samples, sampleRate } = await readTap(page);
  await context.close();
  return measureToneBreak(samples, sampleRate, HZ);
}

if (!existsSync(join(ROOT, 'apps/web/dist/index.html')) || !existsSync(join(ROOT, 'apps/server/dist/cli/serve.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const music = toneAlbum();
const server = await startServer({ musicDir: music });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: TAP_FLAGS });
try {
  const found = await (await fetch(`${server.url}/api/search/albums?query=gapless`)).json();
  const albumId = found.data.results[0].id;
  const album = await (await fetch(`${server.url}/api/albums?id=${albumId}`)).json();
  const urls = album.data.songs.map((s) => s.downloadUrl.find((d) => d.quality === '320kbps').url);
  console.log(`\n== gap between two songs cut from one 440 Hz tone (${RUNS} runs; run 1 plays first transcodes)`);
  const app = [];
  const ref = [];
  for (let i = 0; i < RUNS; i++) {
    app.push(await appRun(server, browser, albumId));
    ref.push(await swapRun(server, browser, urls));
  }
  const f = (x) => `${x.toFixed(2)} ms`;
  const row = (label, rs) => {
    const gaps = rs.map((r) => Math.abs(r.gapMs));
    console.log(
      `  ${label.padEnd(40)} |gap| p50 ${f(pct(gaps, 50)).padStart(9)}  max ${f(Math.max(...gaps)).padStart(9)}` +
        `  silence max ${f(Math.max(...rs.map((r) => r.silenceMs))).padStart(9)}  (runs: ${rs.map((r) => r.gapMs.toFixed(2)).join(', ')})\n    where (s into each recording): ${rs.map((r) => `${r.breakAtS?.toFixed(2)}/${r.recordedS.toFixed(2)}`).join(', ')}`,
    );
    return pct(gaps, 50);
  };
  const a = row('app: gapless hand-over', app);
  const b = row('reference: <audio> src swap on ended', ref);
  console.log(`  app / reference p50 ${(b > 0 ? a / b : Number.NaN).toFixed(3)}x; goal |gap| <= 5 ms: ${a <= 5 ? 'met' : 'not met'}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(music, { recursive: true, force: true });
}
