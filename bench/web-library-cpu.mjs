#!/usr/bin/env node
// `node bench/web-library-cpu.mjs <web build dir> [<web build dir>...]`: the renderer main
// thread's CPU time while Library's Albums and Songs lists scroll, for one or more builds of
// the web app (e.g. a copy of apps/web/dist before a change and the build after it), measured
// in the same run, rounds alternating between the builds.
//
// Thread CPU time (from the DevTools trace) counts only the time the renderer's main thread ran,
// so it is far less sensitive than dropped frames to other work on a shared machine; compare
// the medians. Also printed: how many placeholders the scroll drew (rows whose page had not come
// yet), the main trace events' CPU time, the CPU of all the renderer's threads (covers are decoded
// and tiles rastered off its main thread) and of this process (the server, which draws generated
// covers as they are asked for, with the bench's own driving and trace reading). Needs `npm run build -w @lyra/server`, chromium.
// Options (environment): TRACKS (default 20,000 songs on 2,000 albums), ROUNDS (3), ONLY=Albums|Songs.
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, pct } from './lib/app-in-chromium.mjs';
import { openGeneratedLibrary } from './lib/generated-library-server.mjs';

const TRACKS = Number(process.env.TRACKS ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SCROLL_MS = 6_000;
const SCROLL_PX_S = 4_000;
const builds = process.argv.slice(2).map((d) => resolve(d));
if (builds.length === 0) {
  console.error('usage: node bench/web-library-cpu.mjs <web build dir> [<web build dir>...]');
  process.exit(2);
}
const LISTS = [
  { name: 'Albums', path: '/library/albums?sort=name', row: '[role="list"][aria-label="Albums"] [role="listitem"]' },
  { name: 'Songs', path: '/library/songs?sort=title', row: '[role="list"][aria-label="Songs"] [role="listitem"]' },
].filter((l) => !process.env.ONLY || l.name === process.env.ONLY);
/** A thread's tasks, whichever kind of thread runs them (main, compositor, raster and decoding workers). */
const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'ThreadPool_RunTask', 'TaskGraphRunner::RunTask']);
const EVENTS = ['FunctionCall', 'EventDispatch', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];

/** Scrolls the page at a steady speed while tracing; the renderer main thread's CPU time, by event too. */
async function scrollCpu(page) {
  await page.evaluate(() => {
    window.__placeholders = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1 && (n.matches('.animate-pulse') || n.querySelector('.animate-pulse'))) window.__placeholders++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const finished = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] } });
  const server0 = process.cpuUsage();
  await page.evaluate(
    ([durationMs, pxPerS]) =>
      new Promise((done) => {
        const max = document.documentElement.scrollHeight - innerHeight;
        const t0 = performance.now();
        const step = (t) => {
          window.scrollTo(0, Math.min(max, ((t - t0) * pxPerS) / 1000));
          if (t - t0 < durationMs) requestAnimationFrame(step);
          else done();
        };
        requestAnimationFrame(step);
      }),
    [SCROLL_MS, SCROLL_PX_S],
  );
  const server = process.cpuUsage(server0);
  const placeholders = await page.evaluate(() => window.__placeholders);
  await cdp.send('Tracing.end');
  await finished;
  await cdp.detach();
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const tasks = new Map();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && names.get(thread) === 'CrRendererMain' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'))
      tasks.set(thread, (tasks.get(thread) ?? 0) + (e.tdur ?? 0));
  }
  // The page's renderer is the busiest one.
  const [main, cpuUs = 0] = [...tasks].sort((a, b) => b[1] - a[1])[0] ?? [];
  const pid = main?.split(':')[0];
  let allUs = 0;
  for (const e of events) if (e.ph === 'X' && String(e.pid) === pid && TASKS.has(e.name)) allUs += e.tdur ?? 0;
  const byEvent = Object.fromEntries(EVENTS.map((n) => [n, 0]));
  for (const e of events) if (e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.name in byEvent) byEvent[e.name] += (e.tdur ?? 0) / 1000;
  return { cpu: cpuUs / 1000, all: allUs / 1000, server: (server.user + server.system) / 1000, placeholders, byEvent };
}

const library = await openGeneratedLibrary(TRACKS);
let browser;
try {
  const urls = [];
  for (const dir of builds) urls.push(await library.serve({ WEB_DIR: dir }));
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const results = new Map();
  for (let round = 0; round < ROUNDS; round++)
    for (const list of LISTS)
      for (let k = 0; k < builds.length; k++) {
        const b = round % 2 ? builds.length - 1 - k : k;
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await page.goto(`${urls[b]}${list.path}`);
        await page.locator(list.row).first().waitFor();
        const r = await scrollCpu(page);
        await page.close();
        const key = `${list.name}  ${builds[b]}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(r);
        const events = Object.entries(r.byEvent).map(([n, v]) => `${n} ${v.toFixed(0)}`).join(', ');
        console.log(`${key}: ${r.cpu.toFixed(0)} ms CPU, all threads ${r.all.toFixed(0)} ms, server ${r.server.toFixed(0)} ms, ${r.placeholders} placeholders (${events})`);
      }
  console.log(`\nCPU over ${SCROLL_MS / 1000} s at ${SCROLL_PX_S} px/s, median of ${ROUNDS}: renderer main thread, all its threads, this process with the server (placeholders drawn)`);
  const median = (rs, f) => pct(rs.map(f), 50).toFixed(0).padStart(6);
  for (const [key, rs] of results)
    console.log(`  ${key.padEnd(60)} ${median(rs, (r) => r.cpu)} ms ${median(rs, (r) => r.all)} ms ${median(rs, (r) => r.server)} ms  (${pct(rs.map((r) => r.placeholders), 50)})`);
} finally {
  await browser?.close();
  await library.close();
}
