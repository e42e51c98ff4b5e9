#!/usr/bin/env node
// `npm run bench:web`: what a listener feels in the web app, in Debian Chromium
// against the built server (needs `npm run build`, chromium, ffmpeg).
//
// 1. Tap-to-sound: a click on a song row until the audio element fires
//    'playing', p50/p95 over 30 songs: cold (first transcode, fresh DATA_DIR
//    cache) then warm (cached tier). Reference, same run and same files: a bare
//    `new Audio(url).play()` on a blank page. SPEC#limits-player makes the app wait 200 ms
//    after a song change before loading the source; that wait is part of the
//    app's figure and is printed beside it.
// 2. Lighthouse 12 (mobile, default throttling) on Home and on the player
//    route: performance, accessibility, best practices, LCP; the median of
//    BENCH_LH_RUNS=3 runs, after the server has served each page once.
//    Reference: the same audit of a static one-heading page served from Node
//    in the same run.
// 3. Initial JS: every script a first visit to Home runs before the app has taken over
//    the page (the 'lyra:app-rendered' mark), gzip -9.
// Targets: warm p50 <= 150 ms, cold p50 <= 600 ms; Lighthouse >= 95/100/100,
// LCP <= 1.2 s; initial JS <= 150 KB gzip. Printed as figures and ratios;
// nothing is asserted.
//
//   node bench/web.mjs [tap|lighthouse|size]      BENCH_SONGS=30  BENCH_MUSIC_DIR=<folder>
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, ROOT, TAP_FLAGS, pct, settledHomeSongIds, startServer, tapToSound } from './lib/app-in-chromium.mjs';
import { lighthouse, referencePage } from './lib/lighthouse.mjs';

const WEB_DIST = join(ROOT, 'apps/web/dist');
const SONGS = Number(process.env.BENCH_SONGS ?? 30);
const MUSIC_DIR = process.env.BENCH_MUSIC_DIR ?? join(ROOT, 'data/demo-music');
const SOURCE_DELAY_MS = 200;
const only = process.argv[2];

const ms = (x) => `${x.toFixed(0)} ms`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

// ---------------------------------------------------------------- tap-to-sound

/** The reference: a bare audio element on a blank page, same URL. */
function bareAudio(page, url) {
  return page.evaluate(
    (url) =>
      new Promise((resolve, reject) => {
        const a = new Audio();
        const t0 = performance.now();
        a.addEventListener('playing', () => {
          const t = performance.now() - t0;
          a.pause();
          a.removeAttribute('src');
          a.load();
          resolve(t);
        });
        a.addEventListener('error', () => reject(new Error(`bare audio failed: ${url}`)));
        a.src = url;
        void a.play();
      }),
    url,
  );
}

async function benchTap(server) {
  console.log(`\n== tap-to-sound (${SONGS} songs, music: ${MUSIC_DIR})`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: TAP_FLAGS });
  try {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 860 } });
    const page = await ctx.newPage();
    await page.goto(server.url);
    await page.locator('[data-song-id]').first().waitFor();
    const listed = await settledHomeSongIds(page);
    const ids = listed.slice(0, SONGS);
    if (ids.length < SONGS) console.log(`  (Home lists ${ids.length} songs; measuring those)`);
    // Songs the app never touches, for the cold reference (same tier the app plays: 320kbps).
    const rows = (await (await fetch(`${server.url}/api/home/rows`)).json()).data.rows;
    const urlOf = new Map(rows.flatMap((r) => (r.songs ?? []).map((s) => [s.id, s.downloadUrl.find((d) => d.quality === '320kbps')?.url])));
    const coldRefUrls = listed.slice(SONGS, SONGS + 10).map((id) => urlOf.get(id)).filter(Boolean);
    const sources = [];
    const pass = async (settle) => {
      const times = [];
      for (const id of ids) {
        const r = await tapToSound(page, id);
        times.push(r.ms);
        sources.push(r.src);
        await settle();
      }
      return times;
    };
    // Cold: each first play is a live transcode that runs on to fill the cache.
    // Each tap gets 8 s of listening, so transcodes do not pile up behind the
    // server's concurrency limit and each tap measures one cold start.
    const cold = await pass(() => page.waitForTimeout(8_000));
    await page.evaluate(() => document.querySelector('audio')?.pause());
    await page.waitForTimeout(2_000);
    const warm = await pass(() => page.waitForTimeout(300));
    await page.evaluate(() => document.querySelector('audio')?.pause());
    const blank = await ctx.newPage();
    await blank.goto(`${server.url}/favicon.png`);
    const bare = [];
    for (const url of sources.slice(-ids.length)) bare.push(await bareAudio(blank, url));
    const bareCold = [];
    for (const url of coldRefUrls) {
      bareCold.push(await bareAudio(blank, url));
      await blank.waitForTimeout(8_000); // let that transcode finish alone
    }
    const line = (label, xs, target) =>
      console.log(
        `  ${label.padEnd(6)} p50 ${ms(pct(xs, 50)).padStart(7)}  p95 ${ms(pct(xs, 95)).padStart(7)}  (target p50 <= ${target} ms: ${ratio(pct(xs, 50), target)} of target)`,
      );
    line('cold', cold, 600);
    line('warm', warm, 150);
    console.log(`  bare <audio> on the cached tier (reference): p50 ${ms(pct(bare, 50))}  p95 ${ms(pct(bare, 95))}`);
    if (bareCold.length) {
      console.log(`  bare <audio> on ${bareCold.length} never-played songs (cold reference): p50 ${ms(pct(bareCold, 50))}  p95 ${ms(pct(bareCold, 95))}`);
      console.log(`  cold app / bare audio: p50 ${ratio(pct(cold, 50), pct(bareCold, 50))}`);
    }
    console.log(`  warm app / bare audio: p50 ${ratio(pct(warm, 50), pct(bare, 50))}; of the app's figure, ${SOURCE_DELAY_MS} ms is SPEC#limits-player's source delay`);
    console.log(`  warm minus the SPEC delay: p50 ${ms(pct(warm, 50) - SOURCE_DELAY_MS)}`);
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- lighthouse

/** Lighthouse runs per page; the run with the median performance score is reported (scores swing run to run). */
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

async function medianLighthouse(url) {
  const runs = [];
  for (let i = 0; i < LH_RUNS; i++) runs.push(await lighthouse(url));
  runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  const mid = runs[Math.floor(runs.length / 2)];
  return { ...mid, all: runs.map((r) => r.performance) };
}

/**
 * The server serves each page, its first cover and the player's song once
 * before the audits, as it has for every visitor but the very first: the
 * audits then time the app, not a cold transcode or first cover resize that
 * happens once per server.
 */
async function warmUp(server, song) {
  const urls = ['/', `/player/${song.id}`, song.image.at(-1)?.url, song.downloadUrl.find((d) => d.quality === '320kbps')?.url];
  for (const u of urls.filter(Boolean)) await (await fetch(new URL(u, server.url))).arrayBuffer();
}

async function benchLighthouse(server) {
  console.log(`\n== Lighthouse 12, mobile, median of ${LH_RUNS} runs (targets: performance >= 95, accessibility 100, best practices 100, LCP <= 1200 ms)`);
  const ref = await referencePage();
  try {
    const firstSong = (await (await fetch(`${server.url}/api/home/rows`)).json()).data.rows.find((r) => r.kind === 'songs')?.songs[0];
    if (firstSong) await warmUp(server, firstSong);
    const refResult = await medianLighthouse(ref.url);
    const rows = [['reference', refResult]];
    rows.push(['home', await medianLighthouse(`${server.url}/`)]);
    if (firstSong) rows.push(['player', await medianLighthouse(`${server.url}/player/${firstSong.id}`)]);
    for (const [name, r] of rows) {
      console.log(
        `  ${name.padEnd(10)} perf ${String(r.performance).padStart(3)} (runs: ${r.all.join(', ')})  a11y ${String(r.accessibility).padStart(3)}  best ${String(r.bestPractices).padStart(3)}  LCP ${ms(r.lcpMs).padStart(8)} (${ratio(r.lcpMs, refResult.lcpMs)} of reference, ${ratio(r.lcpMs, 1200)} of target)${r.failed.length ? `  failed: ${r.failed.join(', ')}` : ''}`,
      );
    }
  } finally {
    await ref.close();
  }
}

// ---------------------------------------------------------------- bundle size

/**
 * The JS a first visit to Home runs before the app has taken over the page
 * (the `lyra:app-rendered` mark: Home's rows are the app's, a tap plays):
 * index.html's inline scripts and every file requested until then, static or
 * dynamic, measured as gzip -9 of the built files. What loads after (the
 * backend SDK at an idle moment, the service worker's helper) and lazy
 * screens (player, search, ...) are not counted; the total of all chunks is
 * printed beside it.
 */
async function benchSize(server) {
  console.log('\n== initial JS on Home (target <= 150 KB gzip on a phone; a desktop also loads its sidebar and player bar)');
  for (const [label, viewport] of [['phone 412x860', { width: 412, height: 860 }], ['desktop 1440x900', { width: 1440, height: 900 }]]) {
    console.log(`  ${label}:`);
    await sizeAt(server, viewport);
  }
}

async function sizeAt(server, viewport) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const page = await browser.newPage({ viewport });
    await page.goto(server.url);
    await page.waitForFunction(() => performance.getEntriesByName('lyra:app-rendered').length > 0);
    // What comes after the take-over is listed too (the SDK waits for an idle moment).
    await page.waitForTimeout(3_000);
    const { scripts, later } = await page.evaluate(() => {
      const at = performance.getEntriesByName('lyra:app-rendered')[0].startTime;
      const js = performance.getEntriesByType('resource').filter((e) => /^\/assets\/.*\.js$/.test(new URL(e.name).pathname));
      const path = (e) => new URL(e.name).pathname;
      return { scripts: js.filter((e) => e.startTime <= at).map(path), later: js.filter((e) => e.startTime > at).map(path) };
    });
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => Buffer.from(m[1]));
    let raw = inline.reduce((n, b) => n + b.length, 0);
    let gz = inline.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    for (const p of new Set(scripts)) {
      const buf = readFileSync(join(WEB_DIST, p));
      raw += buf.length;
      gz += gzipSync(buf, { level: 9 }).length;
    }
    const all = readdirSync(join(WEB_DIST, 'assets')).filter((f) => f.endsWith('.js'));
    const total = all.reduce((n, f) => n + gzipSync(readFileSync(join(WEB_DIST, 'assets', f)), { level: 9 }).length, 0);
    console.log(
      `    ${new Set(scripts).size} files and ${inline.length} inline scripts: ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip (${ratio(gz, 150 * 1024)} of target); all ${all.length} JS chunks ${(total / 1024).toFixed(1)} KB gzip`,
    );
    console.log(`    loaded after the app took over: ${[...new Set(later)].map((p) => p.replace('/assets/', '')).join(', ') || 'nothing'}`);
  } finally {
    await browser.close();
  }
}

if (!existsSync(join(WEB_DIST, 'index.html')) || !existsSync(join(ROOT, 'apps/server/dist/cli/serve.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
// One server for every part, on a fresh DATA_DIR: nothing has been transcoded
// before the tap-to-sound cold pass (the size part only opens Home).
const server = await startServer({ musicDir: MUSIC_DIR });
try {
  if (!only || only === 'size') await benchSize(server);
  if (!only || only === 'tap') await benchTap(server);
  if (!only || only === 'lighthouse') await benchLighthouse(server);
} finally {
  await server.stop();
}
