/**
 * Browsing what the device keeps, with no network, in the installed app (a
 * real Chromium profile, the service worker in control): a downloaded album's
 * page, opened by its address after a reload, names its artists, lists its songs and plays them;
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

interface AlbumData {
  name: string;
  artists: { primary: { name: string }[] };
  songs: { id: string; name: string; duration: number | null }[];
}

/**
 * An album of the demo library with at least two songs and an artist, and its songs' ids in order:
 * the shortest of those found, so keeping it (its songs transcoded to the download quality) is quick.
 */
async function anAlbum(): Promise<{ id: string; name: string; artists: string[]; songIds: string[]; songNames: string[] }> {
  const found = (await (await fetch(`${server.url}/api/search/songs?query=a&limit=15`)).json()) as { data: { results: { album: { id: string } }[] } };
  const albums: (AlbumData & { id: string })[] = [];
  for (const id of new Set(found.data.results.map((s) => s.album.id))) {
    const album = ((await (await fetch(`${server.url}/api/albums?id=${id}`)).json()) as { data: AlbumData }).data;
    if (album.songs.length >= 2 && album.artists.primary.length > 0) albums.push({ ...album, id });
  }
  const length = (a: AlbumData) => a.songs.reduce((n, s) => n + (s.duration ?? 0), 0);
  const album = albums.sort((a, b) => length(a) - length(b))[0];
  if (!album) throw new Error('no album with two songs');
  return { id: album.id, name: album.name, artists: album.artists.primary.map((a) => a.name), songIds: album.songs.map((s) => s.id), songNames: album.songs.map((s) => s.name) };
}

describe('browsing kept music offline', () => {
  it("a downloaded album's page names its artists and lists its songs offline after a reload, and plays them; Search finds them", async () => {
    const page: Page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller != null);

    const album = await anAlbum();
    await page.goto(`${server.url}/album/${album.id}`);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    // Each song is transcoded to the download quality: on a busy machine that takes a while.
    await page.getByRole('button', { name: 'Remove download' }).waitFor({ timeout: 180_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: album.name }).waitFor({ timeout: 30_000 });
    const rows = page.locator('[data-index][data-song-id]');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-song-id'))), { timeout: 30_000 }).toEqual(album.songIds);
    // The album's artists, kept with it, under its title.
    expect(await page.getByTestId('collection-byline').textContent()).toBe(album.artists.join(', '));

    await rows.nth(1).click();
    await waitForAudioProgress(page, 1, 0, 30_000);
    expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc.startsWith('blob:'))).toBe(true);

    // Search, still offline, finds a kept song by its title.
    await page.getByRole('link', { name: 'Search' }).last().click();
    await page.getByRole('searchbox', { name: 'Search songs, artists, or albums' }).fill(album.songNames[0]!);
    await page.getByRole('heading', { name: 'Search Results' }).waitFor({ timeout: 30_000 });
    await page.locator('main').getByText(album.songNames[0]!, { exact: true }).first().waitFor({ timeout: 30_000 });
    await context.setOffline(false);
  }, 300_000);
});
