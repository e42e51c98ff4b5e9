/**
 * Library's lists of the whole collection in Debian Chromium against the
 * built server over the demo library: /library/albums shows every album, a
 * sort change reorders the covers, goes into the address and survives a
 * reload, and a cover opens the album screen; the Songs list flung to its end
 * shows the covers of the rows it stops on.
 */
import type { Album, LibraryAlbums } from '@lyra/contracts/catalogue';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, musicSubset, startServer, type ServerHandle } from './harness.js';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  // All the demo's songs (about 60): a list longer than a phone's screen several times over.
  [server, browser] = await Promise.all([startServer({ musicDir: musicSubset(100), env: { LOUDNESS_SCAN: 'off' } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const albums = async (sort: string): Promise<Album[]> =>
  ((await (await fetch(`${server.url}/api/library/albums?sort=${sort}`)).json()) as { data: LibraryAlbums }).data.results;

const tileIds = (page: Page) => page.locator('[role="listitem"] [data-album-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-album-id')));

describe('Library lists the whole collection, end to end', () => {
  it('opens /library/albums, changes the sort, keeps it across a reload and opens an album', async () => {
    const byName = await albums('name');
    expect(byName.length).toBeGreaterThan(1);
    // The demo's albums share a year and a scan: the sort to switch to is one that reorders them
    // (random, the day's order, when nothing else does).
    const ids = (list: Album[]) => list.map((a) => a.id).join();
    let sort = 'random';
    for (const s of ['year', 'recent', 'random']) {
      if (ids(await albums(s)) !== ids(byName)) {
        sort = s;
        break;
      }
    }
    const sorted = await albums(sort);

    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/library/albums`);
    await page.getByRole('heading', { level: 1, name: 'Albums' }).waitFor();
    await expect.poll(() => tileIds(page)).toEqual(byName.map((a) => a.id));
    expect(await page.getByTestId('browse-count').textContent()).toBe(`${byName.length} albums`);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption(sort);
    await expect.poll(() => new URL(page.url()).search).toBe(`?sort=${sort}`);
    await expect.poll(() => tileIds(page)).toEqual(sorted.map((a) => a.id));

    await page.reload();
    await expect.poll(() => tileIds(page)).toEqual(sorted.map((a) => a.id));
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe(sort);

    const first = sorted[0]!;
    await page.locator(`[data-album-id="${first.id}"]`).click();
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/album/${first.id}`);
    await page.getByTestId('collection-stats').waitFor();
  });

  it("reads the lists' code while Library is on screen: a tap on Albums or Songs loads no script", async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/library`);
    await page.getByRole('heading', { level: 1, name: 'Your Library' }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    // The lists' chunks (the app's own late code, such as its realtime client, may still arrive meanwhile).
    const listCode = /\/(library-browse-route|albums-screen|songs-screen)-[^/]*\.js$/;
    page.on('request', (r) => r.resourceType() === 'script' && listCode.test(r.url()) && scripts.push(new URL(r.url()).pathname));
    for (const list of ['Albums', 'Songs']) {
      await page.getByRole('link', { name: list, exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: list }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Your Library' }).waitFor();
    }
    expect(scripts).toEqual([]);
  });

  it('shows the covers of the rows on screen once a fling of the Songs list ends', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/library/songs`);
    const rows = page.locator('[role="list"][aria-label="Songs"] [role="listitem"]');
    await rows.first().waitFor();
    // To the end at 4,000 px/s, a frame at a time (covers wait while the list flies past).
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          const end = document.documentElement.scrollHeight - innerHeight;
          const t0 = performance.now();
          const step = (t: number) => {
            const y = Math.min(end, ((t - t0) * 4_000) / 1_000);
            window.scrollTo(0, y);
            if (y < end) requestAnimationFrame(step);
            else done();
          };
          requestAnimationFrame(step);
        }),
    );
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(200);
    const coversOnScreen = () =>
      rows.evaluateAll((els) =>
        els
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight;
          })
          .map((el) => {
            const img = el.querySelector('img');
            return img && img.complete && img.naturalWidth > 0 ? 'shown' : 'missing';
          }),
      );
    await expect.poll(async () => (await coversOnScreen()).filter((c) => c === 'missing').length).toBe(0);
    expect((await coversOnScreen()).length).toBeGreaterThan(3);
  });
});
