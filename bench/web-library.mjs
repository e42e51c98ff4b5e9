#!/usr/bin/env node
// `node bench/web-library.mjs [tracks]`: Library's Albums and Songs lists over a
// large collection, as a listener feels them, in Debian Chromium against the
// built server (needs `npm run build`, chromium).
//
// The catalogue is generated in SQL (bench/lib/generated-library.mjs): by default
// 100,000 songs on 10,000 albums, on PGlite, served in process with the built
// web app. For each list, at 1440x900:
// 1. First paint after navigation: from the click on the list's link in Library
//    to the first row on screen (p50/p95 over a few runs, each from a fresh
//    Library screen), and from a cold page load (navigation start to first row).
// 2. Scrolling: dropped frames from the DevTools performance trace while the
//    page scrolls at a steady 4,000 px/s for 6 s. Reference: the same scroll over
//    a static page of plain rows of the list's height, measured in the same run.
//    Also: how many covers the page asked for while it flew (covers wait until
//    a fast scroll slows down), and from the scroll's end until every cover on
//    screen was drawn (the server draws each generated cover on its first request).
// The goals are 0 dropped frames and a first paint within 300 ms of navigation;
// figures and ratios only, nothing is asserted. Dropped frames follow the machine's
// load; bench/web-library-cpu.mjs compares web builds by the renderer's CPU time instead.
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, ROOT, pct } from './lib/app-in-chromium.mjs';
import { openGeneratedLibrary } from './lib/generated-library-server.mjs';
import { staticPage } from './lib/lighthouse.mjs';
import { scrollPage, scrollTrace } from './lib/scroll-trace.mjs';

const TRACKS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCROLL_MS = 6_000;
const SCROLL_PX_S = Number(process.env.BENCH_SCROLL_PX_S ?? 4_000);
const GOAL_MS = 300;

const LISTS = [
  { name: 'Albums', path: '/library/albums?sort=name', row: '[role="list"][aria-label="Albums"] [role="listitem"]' },
  { name: 'Songs', path: '/library/songs?sort=title', row: '[role="list"][aria-label="Songs"] [role="listitem"]' },
];

const ms = (x) => `${x.toFixed(0).padStart(5)} ms`;

/** Milliseconds from a click on Library's link named `name` to the first row of that list in the DOM and painted. */
async function clickToFirstRow(page, url, list) {
  await page.goto(`${url}/library`);
  await page.getByRole('link', { name: list.name, exact: true }).first().waitFor();
  return page.evaluate(
    ([name, row]) =>
      new Promise((resolve, reject) => {
        const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === name);
        if (!link) return reject(new Error(`no link named ${name}`));
        const t0 = performance.now();
        link.click();
        const deadline = t0 + 60_000;
        const poll = () => {
          if (document.querySelector(row)) {
            // The next frame is the one that paints it.
            requestAnimationFrame(() => resolve(performance.now() - t0));
          } else if (performance.now() > deadline) reject(new Error(`${name}: no row within 60 s`));
          else requestAnimationFrame(poll);
        };
        poll();
      }),
    [list.name, list.row],
  );
}

/** Milliseconds from navigation start of a cold load of the list's address to its first row painted. */
async function coldLoadToFirstRow(page, url, list) {
  await page.goto(`${url}${list.path}`);
  return page.evaluate(
    (row) =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + 60_000;
        const poll = () => {
          if (document.querySelector(row)) requestAnimationFrame(() => resolve(performance.now()));
          else if (performance.now() > deadline) reject(new Error('no row within 60 s'));
          else requestAnimationFrame(poll);
        };
        poll();
      }),
    list.row,
  );
}

/** Milliseconds from `since` (the page's clock) until every cover in the rows on screen has been drawn (its picture decoded). */
async function coversOnScreenShown(page, row, since) {
  return page.evaluate(
    ([row, t0]) =>
      new Promise((resolve, reject) => {
        const poll = () => {
          const onScreen = [...document.querySelectorAll(row)].filter((r) => {
            const box = r.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight;
          });
          const pending = onScreen.filter((r) => {
            const img = r.querySelector('img');
            return !img || !img.complete || img.naturalWidth === 0;
          });
          if (onScreen.length > 0 && pending.length === 0) requestAnimationFrame(() => resolve(performance.now() - t0));
          else if (performance.now() - t0 > 60_000) reject(new Error(`${pending.length} of ${onScreen.length} covers on screen not shown within 60 s (at ${scrollY} px, ${document.querySelectorAll(row).length} rows)`));
          else requestAnimationFrame(poll);
        };
        poll();
      }),
    [row, since],
  );
}

async function main() {
  const library = await openGeneratedLibrary(TRACKS);
  const closers = [];
  try {
    await library.db.exec(`update albums set first_seen_at = now() - (abs(hashint4(substr(id, 3)::int * 29)) % 525600) * interval '1 minute'`);
    console.log(`generated in ${(library.genMs / 1000).toFixed(1)} s`);
    const url = await library.serve();

    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    closers.push(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    console.log(`\nLibrary lists over ${TRACKS} songs, 1440x900 (goal: first row <= ${GOAL_MS} ms, 0 dropped frames)`);
    for (const list of LISTS) {
      const clicks = [];
      const colds = [];
      for (let i = 0; i < RUNS; i++) {
        clicks.push(await clickToFirstRow(page, url, list));
        colds.push(await coldLoadToFirstRow(page, url, list));
      }
      const rowPx = await page.evaluate((row) => document.querySelector(row)?.getBoundingClientRect().height ?? 0, list.row);
      const rows = await page.evaluate(() => document.documentElement.scrollHeight);
      const ref = await staticPage(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Reference</title><style>body{margin:0;background:#0f0f14;color:#fff;font-family:sans-serif}.r{height:${Math.max(40, Math.round(rowPx))}px;box-sizing:border-box;padding:12px}</style>` +
          Array.from({ length: 3_000 }, (_, i) => `<div class="r">Row ${i + 1}</div>`).join(''),
      );
      closers.push(ref.close);
      const refPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await refPage.goto(ref.url);
      const reference = await scrollTrace(refPage, SCROLL_MS, SCROLL_PX_S);
      await refPage.close();
      await page.goto(`${url}${list.path}`);
      await page.locator(list.row).first().waitFor();
      const scrolled = await scrollTrace(page, SCROLL_MS, SCROLL_PX_S);
      // The covers, in the same scroll without the trace (whose writing would hold up what follows it).
      await page.goto(`${url}${list.path}`);
      await page.locator(list.row).first().waitFor();
      // The first screen's covers in before the scroll starts: what is counted is asked for while it flies.
      await coversOnScreenShown(page, list.row, 0);
      await page.evaluate(() => performance.setResourceTimingBufferSize(100_000));
      const { startedAt, endedAt } = await scrollPage(page, SCROLL_MS, SCROLL_PX_S);
      const coversShown = await coversOnScreenShown(page, list.row, endedAt);
      const covers = await page.evaluate(
        ([from, to]) => performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.startsWith('/images/') && r.startTime >= from && r.startTime <= to).length,
        [startedAt, endedAt],
      );
      console.log(`\n${list.name} (${(rows / 1000).toFixed(0)}k px tall)`);
      console.log(`  first row after a click   p50 ${ms(pct(clicks, 50))}  p95 ${ms(pct(clicks, 95))}  (goal ${GOAL_MS} ms: ${pct(clicks, 95) <= GOAL_MS ? 'met' : 'missed'})`);
      console.log(`  first row on a cold load  p50 ${ms(pct(colds, 50))}  p95 ${ms(pct(colds, 95))}  (from navigation start)`);
      const line = (name, r) =>
        console.log(
          `  ${name.padEnd(24)} ${r.seconds.toFixed(1)} s over ${(r.px / 1000).toFixed(0)}k px: dropped ${r.dropped} frames (${r.droppedPerS.toFixed(1)}/s), presented ${r.presentedPerS.toFixed(1)}/s`,
        );
      line('reference (static rows)', reference);
      line(`scrolling ${list.name}`, scrolled);
      console.log(`  covers asked for while scrolling: ${covers}; every cover on screen shown ${ms(coversShown)} after the scroll ended`);
    }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
    await library.close();
  }
}

await main();
