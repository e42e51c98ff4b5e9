/**
 * The album / playlist / artist screen in Debian Chromium against the built
 * server (SPEC#list-screen-shared-screen-songs, SPEC#limits-lists): a row
 * tap queues it plus the next 9, a 2,000-song playlist stays virtualised, and
 * Back restores the scroll position.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Album, Artist } from '@lyra/contracts/catalogue';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, musicSubset, startServer, type ServerHandle } from './harness.js';

const LONG = 2_000;
const ROW_PX = 70;

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;

/** A playlist of 2,000 entries repeating the library's songs, as an .m3u8 in the music folder. */
function writeLongPlaylist(musicDir: string): void {
  const files = readdirSync(musicDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(musicDir, d.name)).filter((f) => f.endsWith('.ogg')).map((f) => `${d.name}/${f}`));
  const lines = ['#EXTM3U', '#PLAYLIST:Long Road'];
  for (let i = 0; i < LONG; i++) lines.push(files[i % files.length]!);
  writeFileSync(join(musicDir, 'long-road.m3u8'), lines.join('\n') + '\n');
}

const api = async <T>(path: string): Promise<T> => ((await (await fetch(server.url + '/api' + path)).json()) as { data: T }).data;

beforeAll(async () => {
  const musicDir = musicSubset(14);
  writeLongPlaylist(musicDir);
  [server, browser] = await Promise.all([startServer({ musicDir }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  const dir = server?.musicDir;
  await server?.stop();
  // The harness removes only the folders it made itself.
  if (dir) rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(path: string): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 412, height: 860 } });
  const page = await context.newPage();
  await page.goto(server.url + path);
  return page;
}

const playerState = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('player') ?? '{}') as { state?: { queue: { id: string }[]; currentId: string } }).state);
const renderedIndexes = (page: Page) =>
  page.locator('[role="listitem"] [data-index]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-index'))));

describe('list screen end to end', () => {
  it('an album row plays the tapped song with the next 9 queued; add to queue confirms', async () => {
    const found = await api<{ results: { id: string }[] }>('/search/albums?query=wesnoth&limit=1');
    const album = await api<Album>(`/albums?id=${found.results[0]!.id}`);
    expect(album.songs!.length).toBeGreaterThan(12);
    const page = await open(`/album/${album.id}`);
    await page.getByRole('heading', { level: 1, name: album.name }).waitFor();
    // "2008 · English Album" under the album's artists, each a link to their page.
    const names = album.artists.primary.map((a) => a.name).join(', ');
    expect(await page.getByTestId('collection-byline').textContent()).toBe(names);
    expect(await page.getByText(album.description.replace(` · ${names}`, ''), { exact: true }).count()).toBe(1);
    const third = album.songs![2]!;
    await page.locator(`[role="listitem"] [data-song-id="${third.id}"]`).click();
    await expect.poll(() => playerState(page)).toEqual(
      expect.objectContaining({ queue: album.songs!.slice(2, 12).map((s) => expect.objectContaining({ id: s.id })), currentId: third.id }),
    );
    await page.waitForFunction(
      (id) => {
        const a = document.querySelector('audio');
        return !!a && (a.currentSrc || a.src).includes(`/${id}/`) && !a.paused && a.currentTime > 0.2;
      },
      third.id,
      { timeout: 60_000, polling: 100 },
    );
    await page.getByRole('button', { name: `Add ${album.songs![5]!.name} to queue` }).click();
    await page.getByText('Song added to queue').waitFor();
  });

  it('an artist lists their albums, then their most played songs', async () => {
    const found = await api<{ results: { id: string }[] }>('/search/artists?query=maxstack&limit=1');
    const artist = await api<Artist>(`/artists/${found.results[0]!.id}?songCount=50&albumCount=50`);
    const page = await open(`/artist/${artist.id}`);
    await page.getByRole('heading', { level: 1, name: artist.name }).waitFor();
    // Their albums: each cover opens its album.
    const albums = page.getByRole('region', { name: 'Albums' });
    await albums.locator('[data-album-id]').first().waitFor();
    const albumIds = await albums.locator('[data-album-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-album-id')));
    expect(albumIds).toEqual(artist.topAlbums!.map((a) => a.id));
    expect(albumIds.length).toBeGreaterThan(0);
    // Under them, the songs, most played first.
    await page.getByRole('heading', { level: 2, name: 'Songs' }).scrollIntoViewIfNeeded();
    await page.locator('[role="listitem"] [data-song-id]').first().waitFor();
    const ids = await page.locator('[role="listitem"] [data-song-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-song-id')));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(artist.topSongs!.map((s) => s.id).slice(0, ids.length));
    await albums.locator('[data-album-id]').first().click();
    await page.getByRole('heading', { level: 1, name: artist.topAlbums![0]!.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/album/${artist.topAlbums![0]!.id}`);
  });

  it('a 2,000-song playlist stays virtualised, and Back returns to where the listener was', async () => {
    const found = await api<{ results: { id: string; name: string }[] }>('/search/playlists?query=long%20road&limit=1');
    expect(found.results[0]!.name).toBe('Long Road');
    const path = `/playlist/${found.results[0]!.id}`;
    const page = await open(path);
    await page.getByRole('heading', { level: 1, name: 'Long Road' }).waitFor();
    const list = page.getByRole('list', { name: 'Songs' });
    await list.locator('[data-index="0"]').waitFor();
    expect(await list.evaluate((el) => el.getBoundingClientRect().height)).toBe(LONG * ROW_PX);
    // A screenful of rows (860 px / 70 px), plus the one extra: never 2,000 rows in the page.
    expect((await renderedIndexes(page)).length).toBeLessThanOrEqual(Math.ceil(860 / ROW_PX) + 2);

    await page.evaluate(() => window.scrollTo(0, 60_000));
    await expect.poll(async () => Math.min(...(await renderedIndexes(page)))).toBeGreaterThan(800);
    const before = await page.evaluate(() => window.scrollY);
    const topRow = Math.min(...(await renderedIndexes(page)));
    // Leave for another screen, then come back.
    await page.getByRole('link', { name: 'Search' }).last().click();
    await page.getByPlaceholder('Search songs, artists, or albums...').waitFor();
    await page.goBack();
    await list.locator(`[data-index="${topRow}"]`).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
    expect(new URL(page.url()).pathname).toBe(path);

    // A new visit (not Back) starts at the top.
    await page.getByRole('link', { name: 'Search' }).last().click();
    await page.getByRole('tab', { name: 'Playlists' }).click();
    await page.getByRole('searchbox', { name: 'Search songs, artists, or albums' }).pressSequentially('long road');
    await page.locator(`[data-playlist-id="${found.results[0]!.id}"]`).click();
    await list.locator('[data-index="0"]').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("an unknown album shows the Not found page ('Oops! Page not found')", async () => {
    const page = await open('/album/0000000000');
    await page.getByText('Oops! Page not found').waitFor({ timeout: 15_000 });
  });
});
