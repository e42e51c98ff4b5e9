#!/usr/bin/env node
// `node bench/web-discovery.mjs [lighthouse|search|scroll]`: Home, Search and the
// list screen as a listener feels them, in Debian Chromium against the built
// server (needs `npm run build`, chromium).
//
// 1. Lighthouse 12 (mobile, default throttling) on Home and on Search:
//    performance, accessibility, best practices, LCP, failed binary audits.
//    Reference: a static one-heading page served from Node in the same run.
// 2. Search: from the last keystroke to the results painted, p50/p95 over
//    BENCH_QUERIES queries typed one key at a time. SPEC#limits-search makes the app wait
//    700 ms after the last keystroke, so the expected figure is about
//    700 ms + the server's p95; the server's own p95 for the same queries is
//    measured in the same run and printed beside it.
// 3. Scrolling a 2,000-song playlist (an .m3u8 in a temporary MUSIC_DIR that
//    repeats the demo songs): dropped frames per second from the DevTools
//    performance trace while the page scrolls at a steady speed (4,000 px/s). Reference:
//    the same scroll over a static page of 2,000 plain rows of the same height.
//    A third line scrolls the playlist with backdrop blurs off, to show what the
//    blurred sticky chrome costs in software rendering (--disable-gpu).
// Figures and ratios only; nothing is asserted.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, ROOT, pct, startServer } from './lib/app-in-chromium.mjs';
import { lighthouse, referencePage, staticPage } from './lib/lighthouse.mjs';
import { scrollTrace } from './lib/scroll-trace.mjs';

const WEB_DIST = join(ROOT, 'apps/web/dist');
const DEMO_MUSIC = join(ROOT, 'data/demo-music');
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20);
const LONG = 2_000;
const ROW_PX = 70;
const DEBOUNCE_MS = 700;
const SCROLL_MS = 6_000;
/** A quick flick through the list, px per second (the whole playlist is 140k px). */
const SCROLL_PX_S = Number(process.env.BENCH_SCROLL_PX_S ?? 4_000);
const only = process.argv[2];

const ms = (x) => `${x.toFixed(0)} ms`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

/** A copy of the demo library (first `perAlbum` songs of each album) plus a 2,000-entry .m3u8 repeating them. */
function benchLibrary(perAlbum = 10) {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-bench-discovery-music-'));
  const files = [];
  for (const album of readdirSync(DEMO_MUSIC, { withFileTypes: true })) {
    if (!album.isDirectory()) continue;
    mkdirSync(join(dir, album.name));
    for (const f of readdirSync(join(DEMO_MUSIC, album.name)).filter((n) => n.endsWith('.ogg')).sort().slice(0, perAlbum)) {
      copyFileSync(join(DEMO_MUSIC, album.name, f), join(dir, album.name, f));
      files.push(`${album.name}/${f}`);
    }
  }
  const lines = ['#EXTM3U', '#PLAYLIST:Long Road'];
  for (let i = 0; i < LONG; i++) lines.push(files[i % files.length]);
  writeFileSync(join(dir, 'long-road.m3u8'), lines.join('\n') + '\n');
  return dir;
}

const api = async (server, path) => (await (await fetch(server.url + '/api' + path)).json()).data;

// ---------------------------------------------------------------- lighthouse

async function benchLighthouse(server) {
  console.log('\n== Lighthouse 12, mobile: Home and Search');
  const ref = await referencePage();
  try {
    const refResult = await lighthouse(ref.url);
    const rows = [['reference', refResult], ['home', await lighthouse(`${server.url}/`)], ['search', await lighthouse(`${server.url}/search`)]];
    for (const [name, r] of rows) {
      console.log(
        `  ${name.padEnd(10)} perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  best ${String(r.bestPractices).padStart(3)}  LCP ${ms(r.lcpMs).padStart(8)} (${ratio(r.lcpMs, refResult.lcpMs)} of reference)  TBT ${ms(r.tbtMs)}${r.failed.length ? `  failed: ${r.failed.join(', ')}` : ''}`,
      );
    }
  } finally {
    await ref.close();
  }
}

// ---------------------------------------------------------------- search

/** Search words a listener might type: song titles cut short, with one letter dropped when long enough. */
async function searchWords(server, count) {
  const titles = new Set();
  for (const q of ['a', 'e', 'o', 'i', 'the', 'war', 'battle', 'sky']) {
    const found = await api(server, `/search/songs?query=${q}&limit=50`);
    for (const s of found?.results ?? []) titles.add(s.name);
  }
  const words = [];
  for (const title of titles) {
    let w = title.toLowerCase().slice(0, 12).trim();
    if (w.length > 6) w = w.slice(0, 3) + w.slice(4); // a typo: one letter missing
    if (!words.includes(w)) words.push(w);
    if (words.length === count) break;
  }
  return words;
}

/** The server's time for the app's search request (limit 15), measured from Node. */
async function serverTimes(server, words) {
  const times = [];
  for (const w of words) {
    const t0 = performance.now();
    await (await fetch(`${server.url}/api/search/songs?query=${encodeURIComponent(w)}&limit=15`)).json();
    times.push(performance.now() - t0);
  }
  return times;
}

async function benchSearch(server) {
  console.log(`\n== Search: last keystroke to results painted (${QUERIES} queries; SPEC#limits-search debounce ${DEBOUNCE_MS} ms)`);
  const words = await searchWords(server, QUERIES);
  // Warm the server's caches the same way for both measurements.
  await serverTimes(server, words);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const times = [];
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 860 } });
    await page.goto(`${server.url}/search`);
    const box = page.getByRole('searchbox', { name: 'Search songs, artists, or albums' });
    await box.waitFor();
    for (const w of words) {
      const first = (await api(server, `/search/songs?query=${encodeURIComponent(w)}&limit=15`))?.results?.[0]?.id ?? null;
      await box.fill('');
      // The clock starts in the page when the last character's input event fires.
      await page.evaluate((text) => {
        window.__lastKey = null;
        const input = document.querySelector('input[type="search"]');
        input.addEventListener('input', function onInput() {
          if (input.value === text) {
            window.__lastKey = performance.now();
            input.removeEventListener('input', onInput);
          }
        });
      }, w);
      await box.pressSequentially(w, { delay: 40 });
      const painted = await page.evaluate(
        ({ text, firstId }) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no results for ${text}`)), 30_000);
            const done = () => {
              const q = new URL(location.href).searchParams.get('q');
              const panel = document.getElementById('search-panel');
              const heading = [...(panel?.querySelectorAll('h2') ?? [])].some((h) => h.textContent === 'Search Results');
              const top = panel?.querySelector('[data-song-id]')?.getAttribute('data-song-id') ?? null;
              const empty = panel?.textContent?.includes('No Results Found');
              return q === text && heading && (firstId ? top === firstId : empty);
            };
            const finish = () =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  clearTimeout(timer);
                  resolve(performance.now());
                }),
              );
            if (done()) return finish();
            const observer = new MutationObserver(() => {
              if (!done()) return;
              observer.disconnect();
              finish();
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
          }),
        { text: w, firstId: first },
      );
      const lastKey = await page.evaluate(() => window.__lastKey);
      times.push(painted - lastKey);
    }
  } finally {
    await browser.close();
  }
  const server_ = await serverTimes(server, words);
  const p95Server = pct(server_, 95);
  console.log(`  app:    p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}`);
  console.log(`  server: p50 ${ms(pct(server_, 50))}  p95 ${ms(p95Server)} (GET /api/search/songs?limit=15, same queries, same run)`);
  console.log(`  expected about ${DEBOUNCE_MS} ms + server p95 = ${ms(DEBOUNCE_MS + p95Server)}; app p50 is ${ratio(pct(times, 50), DEBOUNCE_MS + p95Server)} of that, p95 ${ratio(pct(times, 95), DEBOUNCE_MS + p95Server)}`);
  console.log(`  beyond the debounce: p50 ${ms(pct(times, 50) - DEBOUNCE_MS)}, p95 ${ms(pct(times, 95) - DEBOUNCE_MS)}`);
}

// ---------------------------------------------------------------- scroll

async function benchScroll(server) {
  console.log(`\n== Scrolling a ${LONG}-song playlist (${SCROLL_MS / 1000} s at ${SCROLL_PX_S} px/s from the top, DevTools trace)`);
  const found = await api(server, '/search/playlists?query=long%20road&limit=1');
  const id = found?.results?.[0]?.id;
  if (!id) throw new Error('the long playlist was not found');
  const rowsHtml = Array.from({ length: LONG }, (_, i) => `<div class="r">Row ${i + 1}<br><small>Artist</small></div>`).join('');
  const ref = await staticPage(
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Reference</title><style>body{margin:0;background:#0f0f14;color:#fff;font-family:sans-serif}.r{height:${ROW_PX}px;box-sizing:border-box;padding:12px}</style>${rowsHtml}`,
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 860 } });
    await page.goto(ref.url);
    const reference = await scrollTrace(page, SCROLL_MS, SCROLL_PX_S);
    await page.goto(`${server.url}/playlist/${id}`);
    await page.locator('[role="listitem"] [data-index="0"]').waitFor();
    const rows = await page.locator('[role="listitem"]').count();
    const app = await scrollTrace(page, SCROLL_MS, SCROLL_PX_S);
    // Diagnostic: the same page with every backdrop blur (the sticky chrome) turned off.
    await page.addStyleTag({ content: '*{backdrop-filter:none!important}' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(500);
    const noBlur = await scrollTrace(page, SCROLL_MS, SCROLL_PX_S);
    const line = (name, r) =>
      console.log(
        `  ${name.padEnd(10)} ${r.seconds.toFixed(1)} s over ${(r.px / 1000).toFixed(0)}k px: dropped ${r.dropped} frames (${r.droppedPerS.toFixed(1)}/s), presented ${r.presentedPerS.toFixed(1)}/s`,
      );
    line('reference', reference);
    line('playlist', app);
    line('  no blur', noBlur);
    console.log(`  rows in the page at the top: ${rows} of ${LONG}`);
    console.log(
      `  dropped frames per second: playlist ${app.droppedPerS.toFixed(1)} vs reference ${reference.droppedPerS.toFixed(1)} (+${(app.droppedPerS - reference.droppedPerS).toFixed(1)}/s); ` +
        `without backdrop blur ${noBlur.droppedPerS.toFixed(1)} (+${(noBlur.droppedPerS - reference.droppedPerS).toFixed(1)}/s)`,
    );
  } finally {
    await browser.close();
    await ref.close();
  }
}

if (!existsSync(join(WEB_DIST, 'index.html')) || !existsSync(join(ROOT, 'apps/server/dist/cli/serve.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const musicDir = benchLibrary();
const server = await startServer({ musicDir });
try {
  if (!only || only === 'lighthouse') await benchLighthouse(server);
  if (!only || only === 'search') await benchSearch(server);
  if (!only || only === 'scroll') await benchScroll(server);
} finally {
  await server.stop();
  rmSync(musicDir, { recursive: true, force: true });
}
