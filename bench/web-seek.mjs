#!/usr/bin/env node
// `node bench/web-seek.mjs [seek|quality]`: seeking and quality switches as a
// listener feels them, in Debian Chromium against the built server on a fresh
// DATA_DIR (needs `npm run build`, chromium, ffmpeg).
//
// 1. Seek on a first play: BENCH_SEEK_SONGS never-played songs; each is tapped
//    on Home and plays 1 s (a live transcode, which cannot seek), the player
//    opens and the seek bar is released at 60 %. Measured: release until the
//    audio element plays at 55 % or later, p50/p95. Reference, same run: a bare
//    `<audio>` on a blank page playing another never-played song's tier from
//    the same offset (`?timeOffset=`), which is what the server alone costs.
// 2. Quality-switch gap on cached tiers: both tiers of each song are in the
//    cache first; a song plays 1 s, then another quality is chosen in
//    Profile. Measured: the choice until the new tier is 'playing' (the old
//    one stops at the choice), p50/p95. Target: under 300 ms.
// Figures and ratios only; nothing is asserted.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, ROOT, TAP_FLAGS, pct, settledHomeSongIds, startServer, tapToSound } from './lib/app-in-chromium.mjs';

const SONGS = Number(process.env.BENCH_SEEK_SONGS ?? 10);
const MUSIC_DIR = process.env.BENCH_MUSIC_DIR ?? join(ROOT, 'data/demo-music');
const only = process.argv[2];
const ms = (x) => `${x.toFixed(0)} ms`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
const line = (label, xs, extra = '') =>
  console.log(`  ${label.padEnd(34)} p50 ${ms(pct(xs, 50)).padStart(7)}  p95 ${ms(pct(xs, 95)).padStart(7)}  (n=${xs.length})${extra}`);

const songOf = async (server, id) => (await (await fetch(`${server.url}/api/songs/${id}`)).json()).data[0];

/** Resolves with the ms from the next pointerdown until the audio plays at or past `minS`. */
const armSeekTimer = (page, minS) =>
  page.evaluate((minS) => {
    window.__seekMs = new Promise((resolve) => {
      let t0 = 0;
      const a = document.querySelector('audio');
      document.addEventListener('pointerdown', () => (t0 = performance.now()), { capture: true, once: true });
      const check = () => {
        if (t0 && !a.paused && a.currentTime >= minS) {
          a.removeEventListener('timeupdate', check);
          a.removeEventListener('playing', check);
          resolve(performance.now() - t0);
        }
      };
      a.addEventListener('timeupdate', check);
      a.addEventListener('playing', check);
    });
  }, minS);

/** A bare audio element playing `url` from the start of what it gets: ms to 'playing'. */
const bareAudio = (page, url) =>
  page.evaluate(
    (url) =>
      new Promise((resolve, reject) => {
        const a = new Audio();
        const t0 = performance.now();
        a.addEventListener('playing', () => {
          resolve(performance.now() - t0);
          a.pause();
          a.removeAttribute('src');
          a.load();
        });
        a.addEventListener('error', () => reject(new Error(`bare audio failed: ${url}`)));
        a.src = url;
        void a.play();
      }),
    url,
  );

async function benchSeek(server, browser) {
  console.log(`\n== seek on a first play (${SONGS} songs, released at 60 %)`);
  const page = await (await browser.newContext({ viewport: { width: 412, height: 860 } })).newPage();
  await page.goto(server.url);
  await page.locator('[data-song-id]').first().waitFor();
  const listed = await settledHomeSongIds(page);
  const ids = listed.slice(0, SONGS);
  const times = [];
  for (const id of ids) {
    const song = await songOf(server, id);
    if (!(song.duration > 20)) continue;
    await page.goto(server.url);
    await page.locator(`[data-song-id="${id}"]`).first().waitFor();
    await tapToSound(page, id);
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) >= 1);
    await page.getByRole('link', { name: /^Open player/ }).click();
    const slider = page.getByRole('slider', { name: 'Seek' }).locator('xpath=../..');
    const box = await slider.boundingBox();
    await armSeekTimer(page, song.duration * 0.55);
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
    times.push(await page.evaluate(() => window.__seekMs));
    await page.evaluate(() => document.querySelector('audio')?.pause());
    await page.waitForTimeout(3_000); // let the cache fills finish, so each seek is measured alone
  }
  const blank = await page.context().newPage();
  await blank.goto(`${server.url}/favicon.png`);
  const bare = [];
  for (const id of listed.slice(SONGS, SONGS * 2)) {
    const song = await songOf(server, id);
    if (!(song.duration > 20)) continue;
    const url = song.downloadUrl.find((d) => d.quality === '320kbps').url;
    bare.push(await bareAudio(blank, `${url}?timeOffset=${(song.duration * 0.6).toFixed(1)}`));
    await blank.waitForTimeout(3_000);
  }
  line('app: release -> playing at >= 55 %', times);
  line('bare <audio> at the offset (reference)', bare, `; app / bare p50 ${ratio(pct(times, 50), pct(bare, 50))}`);
}

async function benchQuality(server, browser) {
  console.log(`\n== quality-switch gap on cached tiers (${SONGS} songs, 96 <-> 48 kbps)`);
  const page = await (await browser.newContext({ viewport: { width: 412, height: 860 } })).newPage();
  await page.goto(server.url);
  await page.locator('[data-song-id]').first().waitFor();
  const ids = (await settledHomeSongIds(page)).slice(0, SONGS);
  // Both tiers of every song in the cache first: the switch is measured, not a transcode.
  for (const id of ids) {
    const song = await songOf(server, id);
    for (const q of ['48kbps', '96kbps']) await (await fetch(song.downloadUrl.find((d) => d.quality === q).url)).arrayBuffer();
  }
  await page.evaluate(() => localStorage.setItem('audioQuality', '96kbps'));
  const gaps = [];
  let next = '48kbps';
  for (const id of ids) {
    await page.goto(server.url);
    await page.locator(`[data-song-id="${id}"]`).first().waitFor();
    await tapToSound(page, id);
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) >= 1);
    await page.getByRole('combobox', { name: 'Audio quality' }).click();
    await page.evaluate((tier) => {
      window.__gapMs = new Promise((resolve) => {
        let t0 = 0;
        const a = document.querySelector('audio');
        document.addEventListener('pointerdown', () => (t0 = performance.now()), { capture: true, once: true });
        const onPlaying = () => {
          if (!t0 || !a.currentSrc.includes(`/${tier}.mp4`)) return;
          a.removeEventListener('playing', onPlaying);
          resolve(performance.now() - t0);
        };
        a.addEventListener('playing', onPlaying);
      });
    }, next.replace('kbps', ''));
    await page.getByRole('option', { name: new RegExp(`^${next}`) }).click();
    gaps.push(await page.evaluate(() => window.__gapMs));
    next = next === '48kbps' ? '96kbps' : '48kbps';
  }
  line('choice -> new tier playing', gaps, `  (target p50 < 300 ms: ${ratio(pct(gaps, 50), 300)} of target)`);
}

if (!existsSync(join(ROOT, 'apps/web/dist/index.html')) || !existsSync(join(ROOT, 'apps/server/dist/cli/serve.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const server = await startServer({ musicDir: MUSIC_DIR });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: TAP_FLAGS });
try {
  if (!only || only === 'seek') await benchSeek(server, browser);
  if (!only || only === 'quality') await benchQuality(server, browser);
} finally {
  await browser.close();
  await server.stop();
}
