/**
 * Browsing what the device keeps, with no network, in the installed app (a
 * real Chromium profile, the service worker in control): a downloaded album's
 * page, opened by its address after a reload, lists its songs and plays them;
 * Search finds the kept songs.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPersistentChromium, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';

let server: ServerHandle;
let context: BrowserContext;
let userDataDir: string;

beforeAll(async () => {
  server = await startServer();
  ({ context, userDataDir } = await launchPersistentChromium());
});
afterAll(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  await server?.stop();
});

/** An album of the demo library with at least two songs, and its songs' ids in order. */
async function anAlbum(): Promise<{ id: string; name: string; songIds: string[]; songNames: string[] }> {
  const found = (await (await fetch(`${server.url}/api/search/songs?query=a&limit=15`)).json()) as { data: { results: { album: { id: string } }[] } };
  for (const id of new Set(found.data.results.map((s) => s.album.id))) {
    const album = (await (await fetch(`${server.url}/api/albums?id=${id}`)).json()) as { data: { name: string; songs: { id: string; name: string }[] } };
    if (album.data.songs.length >= 2) return { id, name: album.data.name, songIds: album.data.songs.map((s) => s.id), songNames: album.data.songs.map((s) => s.name) };
  }
  throw new Error('no album with two songs');
}

describe('browsing kept music offline', () => {
  it("a downloaded album's page lists its songs offline after a reload, and plays them; Search finds them", async () => {
    const page: Page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller != null);

    const album = await anAlbum();
    await page.goto(`${server.url}/album/${album.id}`);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await page.getByRole('button', { name: 'Remove download' }).waitFor({ timeout: 60_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: album.name }).waitFor({ timeout: 30_000 });
    const rows = page.locator('[data-index][data-song-id]');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-song-id'))), { timeout: 30_000 }).toEqual(album.songIds);

    await rows.nth(1).click();
    await waitForAudioProgress(page, 1, 0, 30_000);
    expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc.startsWith('blob:'))).toBe(true);

    // Search, still offline, finds a kept song by its title.
    await page.getByRole('link', { name: 'Search' }).last().click();
    await page.getByRole('searchbox', { name: 'Search songs, artists, or albums' }).fill(album.songNames[0]!);
    await page.getByRole('heading', { name: 'Search Results' }).waitFor({ timeout: 30_000 });
    await page.locator('main').getByText(album.songNames[0]!, { exact: true }).first().waitFor({ timeout: 30_000 });
    await context.setOffline(false);
  });
});
