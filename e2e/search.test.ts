/**
 * Search in Debian Chromium against the built server on the demo library
 * (SPEC#search-text-box-placeholder, SPEC#states-search, SPEC#validation-search, SPEC#errors-search-failure): typo-tolerant results, every tab opening its
 * screen, the history, and the failure toast.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startServer, type ServerHandle } from './harness.js';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function searchPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 412, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/search`);
  await page.getByPlaceholder('Search songs, artists, or albums...').waitFor();
  return page;
}

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search songs, artists, or albums' });
const playerState = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('player') ?? '{}') as { state?: { queue: { id: string }[]; currentId: string } }).state);

/** Types like a person (one key at a time) and waits for this text's results. */
async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/search/') && new URL(r.url()).searchParams.get('query') === text);
  await box(page).fill('');
  await box(page).pressSequentially(text, { delay: 30 });
  await answered;
  await page.getByRole('heading', { name: 'Search Results' }).waitFor();
}

describe('Search end to end', () => {
  it('finds a song from a partial, misspelt title; a tap plays it alone and opens the player', async () => {
    const page = await searchPage();
    expect(await page.getByText('Search for Songs, Albums, Playlists, Artists').count()).toBe(1);
    // SPEC's Songs tab (the All view, open first, asks each kind).
    await page.getByRole('tab', { name: 'Songs' }).click();
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/search/') && asked.push(new URL(r.url()).search));
    await search(page, 'batle epi');
    const first = page.locator('[data-song-id]').first();
    // The row's button holds the title alone (the artists and album are links beside it).
    await expect.poll(() => first.textContent()).toBe('Battle Epic');
    // One search for the whole word, limit 15: the pauses between keystrokes were shorter than 700 ms.
    expect(asked).toEqual(['?query=batle%20epi&limit=15']);
    const id = (await first.getAttribute('data-song-id'))!;
    await first.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/player/${id}`);
    await expect.poll(() => playerState(page)).toMatchObject({ queue: [{ id }], currentId: id });
  });

  it("a blank query never searches; an unknown one says 'No Results Found'; add to queue confirms", async () => {
    const page = await searchPage();
    // The page's timers run on Playwright's clock from here: the 700 ms a search waits for pass at once.
    await page.clock.install();
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/search/') && asked.push(new URL(r.url()).searchParams.get('query') ?? ''));
    await box(page).pressSequentially('   ');
    await page.clock.runFor(1_500);
    expect(await page.getByText('Search for Songs, Albums, Playlists, Artists').count()).toBe(1);
    await search(page, 'qqqxzzv');
    await page.getByText('No Results Found').waitFor();
    // Requests go out in order: one for the blank query would have been seen before these.
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(['qqqxzzv']));
    await search(page, 'battle');
    await page.getByRole('button', { name: 'Add Battle Music to queue' }).click();
    await page.getByText('Song added to queue').waitFor();
  });

  it('each tab opens its screen: album, artist, playlist; the history reopens them and can lose an entry', async () => {
    const page = await searchPage();
    // Albums.
    await page.getByRole('tab', { name: 'Albums' }).click();
    await search(page, 'wesnoth');
    const album = page.locator('[data-album-id]').first();
    await expect.poll(() => album.textContent()).toContain('The Battle for Wesnoth OST');
    await album.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/album\//);
    await page.getByRole('heading', { level: 1, name: 'The Battle for Wesnoth OST' }).waitFor();
    await page.locator('[role="listitem"] [data-song-id]').first().waitFor();
    await page.goBack();

    // Back on Search, the results are still there for the same words.
    await page.locator('[data-album-id]').first().waitFor();
    await page.getByRole('tab', { name: 'Artists' }).click();
    await search(page, 'maxstack');
    const artist = page.locator('[data-artist-id]').first();
    await expect.poll(() => artist.textContent()).toBe('Maxstack');
    // A round picture (initials until it has loaded).
    expect(await artist.locator('[data-picture]').evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
    await artist.click();
    await page.getByRole('heading', { level: 1, name: 'Maxstack' }).waitFor();
    await page.locator('[role="listitem"] [data-song-id]').first().waitFor();
    await page.goBack();

    await page.getByRole('tab', { name: 'Playlists' }).click();
    await search(page, 'best');
    const playlist = page.locator('[data-playlist-id]').first();
    await expect.poll(() => playlist.textContent()).toMatch(/^Best of/);
    const playlistName = (await playlist.locator('span').first().textContent())!;
    expect(await playlist.textContent()).toMatch(/\d+ songs?$/);
    await playlist.click();
    await page.getByRole('heading', { level: 1, name: playlistName }).waitFor();
    await page.locator('[role="listitem"] [data-song-id]').first().waitFor();
    await page.goBack();

    // The history, newest first; each entry reopens its type.
    await page.getByRole('button', { name: 'Clear search' }).click();
    const history = page.getByRole('region', { name: 'Recent searches' });
    await history.waitFor();
    const entries = history.locator('[data-history-type]');
    expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-history-type')))).toEqual(['playlist', 'artist', 'album']);
    await history.getByRole('button', { name: 'Remove Maxstack from search history' }).click();
    expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-history-type')))).toEqual(['playlist', 'album']);
    await entries.nth(1).click();
    await page.getByRole('heading', { level: 1, name: 'The Battle for Wesnoth OST' }).waitFor();
  });

  it('a failing catalogue shows SPEC’s toast', async () => {
    context = await browser.newContext({ viewport: { width: 412, height: 860 } });
    await context.route('**/api/search/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"down"}' }));
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await box(page).pressSequentially('battle');
    await page
      .getByText('Currently the Server is down, Please try after sometime or you can listen to the most recent songs')
      .waitFor({ timeout: 15_000 });
  });
});
