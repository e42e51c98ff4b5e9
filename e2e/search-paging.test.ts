/**
 * Search results past the first page, in Debian Chromium against the built
 * server on the whole demo library: SPEC's 15 per request stays, and the next
 * page loads as the listener scrolls to the end; the title match comes first.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MUSIC, launchChromium, startServer, type ServerHandle } from './harness.js';

let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ musicDir: DEMO_MUSIC, env: { LOUDNESS_SCAN: 'off' } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('search paging', () => {
  it("'wesnoth': 15 results, the title match first, more as the list's end scrolls into view", async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 860 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/search`);
      const total = ((await (await fetch(`${server.url}/api/search/songs?query=wesnoth&limit=15`)).json()) as { data: { total: number } }).data.total;
      expect(total).toBeGreaterThan(30);
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/api/search/songs') && asked.push(new URL(r.url()).search));
      await page.getByRole('searchbox', { name: 'Search songs, artists, or albums' }).pressSequentially('wesnoth');
      // SPEC's Songs tab pages; the All view, open first, shows a few of each kind.
      await page.getByRole('tab', { name: 'Songs' }).click();
      const rows = page.locator('[data-song-id]');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(15);
      // The row's button holds the title alone (the artists and album are links beside it).
      expect(await rows.first().textContent()).toBe('Return to Wesnoth');
      await page.getByTestId('search-results-end').scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(30);
      await page.getByTestId('search-results-end').scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(Math.min(total, 45));
      expect(asked).toEqual(['?query=wesnoth&limit=15', '?query=wesnoth&limit=15&page=2', '?query=wesnoth&limit=15&page=3']);
    } finally {
      await context.close();
    }
  });
});
