/**
 * The first screen in the page from the server, in Debian Chromium against
 * the built server on the demo library: Home's first row and a shared song's
 * cover are in the HTML, the app takes them over without a flash or a layout
 * shift, and a tap that comes before the app has started is not lost.
 */
import type { HomeRows, HomeSongRow } from '@lyra/contracts/catalogue';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startServer, type ServerHandle } from './harness.js';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;
let first: HomeSongRow;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const rows = ((await (await fetch(`${server.url}/api/home/rows`)).json()) as { data: HomeRows }).data;
  const row = rows.rows[0];
  if (row?.kind !== 'songs') throw new Error('the demo library has a first row of songs');
  first = row;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function newPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 412, height: 860 } });
  return context.newPage();
}

/** Holds the page's requests to `url` until the returned function is called. */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Resolves when the app has replaced the page from the server. */
const appRendered = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('lyra:app-rendered').length > 0, null, { timeout: 30_000 });

describe('the first screen in the page', () => {
  it("Home's HTML holds the first row's songs, with their covers preloaded", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('data-first-screen="home"');
    for (const song of first.songs.slice(0, first.limit)) expect(html).toContain(`data-song-id="${song.id}"`);
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<link rel="preload" as="image"');
  });

  it("a shared song's HTML holds its cover and title", async () => {
    const song = first.songs[0]!;
    const html = await (await fetch(`${server.url}/player/${song.id}?share=true`)).text();
    expect(html).toContain('data-first-screen="player"');
    expect(html).toContain(`alt="Cover of ${song.name}"`);
  });

  it('the app takes Home over with no layout shift, and the songs never leave the screen', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number; gone: boolean };
      w.shift = 0;
      w.gone = false;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // From the first paint with songs on, there is always a song on screen.
      let seen = false;
      new MutationObserver(() => {
        const now = document.querySelectorAll('[data-song-id]').length;
        if (now > 0) seen = true;
        else if (seen) w.gone = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(server.url);
    await appRendered(page);
    // The rows below the first render at idle moments: wait for the last of them, and for no row to be loading.
    await page.getByRole('region', { name: 'Random albums' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
    const { shift, gone } = await page.evaluate(() => {
      const w = window as unknown as { shift: number; gone: boolean };
      return { shift: w.shift, gone: w.gone };
    });
    expect(gone).toBe(false);
    expect(shift).toBe(0);
    // It is the app's now: the tiles play.
    await page.locator(`[data-song-id="${first.songs[1]!.id}"]`).first().click();
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect.poll(() => mini.getByTestId('mini-title').textContent(), { timeout: 15_000 }).toBe(first.songs[1]!.name);
  });

  it('a tap on a song before the app has started plays that song once it has', async () => {
    const page = await newPage();
    // Hold the app's scripts until the tap has happened.
    const release = await holdRequests(page, '**/assets/*.js');
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    const target = first.songs[2]!;
    await page.locator(`[data-song-id="${target.id}"]`).first().click();
    expect(await page.evaluate(() => performance.getEntriesByName('lyra:app-rendered').length)).toBe(0);
    release();
    await appRendered(page);
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect.poll(() => mini.getByTestId('mini-title').textContent(), { timeout: 15_000 }).toBe(target.name);
    await page.waitForFunction(() => {
      const a = document.querySelector('audio');
      return !!a && !a.paused && a.currentTime > 0;
    }, null, { timeout: 60_000 });
  });
});

describe('a tap before the app has started, with Home rows slow to arrive', () => {
  it('plays the tapped song once the app shows it, after rendering without it', async () => {
    const page = await newPage();
    const releaseScripts = await holdRequests(page, '**/assets/*.js');
    const releaseRows = await holdRequests(page, '**/api/home/rows*');
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    const target = first.songs[1]!;
    await page.locator(`[data-song-id="${target.id}"]`).first().click();
    releaseScripts();
    // The app stops waiting for the rows and renders Home without them.
    await appRendered(page);
    expect(await page.locator(`[data-song-id="${target.id}"]`).count()).toBe(0);
    releaseRows();
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect.poll(() => mini.getByTestId('mini-title').textContent(), { timeout: 15_000 }).toBe(target.name);
  });
});
