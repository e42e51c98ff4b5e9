/**
 * The listener's own playlists offline, in the installed app (a real Chromium
 * profile, the service worker in control) against the built server with a
 * real OpenID Connect provider: a playlist made available offline keeps its
 * songs at the download quality, follows a song added to it, and plays from
 * Library's Downloads with the network gone; a song removed and a playlist
 * created with no network reach the server once it is back.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer, type OidcIssuer } from '../apps/server/src/backend/test/oidc-issuer.js';
import { launchPersistentChromium, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';
import { listAsPage, seeText, signInWithOAuth } from './signed-in-helpers.js';

let issuer: OidcIssuer;
let server: ServerHandle;
let context: BrowserContext;
let userDataDir: string;

beforeAll(async () => {
  issuer = await startOidcIssuer({ login: { sub: 'ada-sub', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' } });
  server = await startServer({ env: issuer.env('google') });
  ({ context, userDataDir } = await launchPersistentChromium());
});
afterAll(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  await server?.stop();
  await issuer?.close();
});

interface KeptIndex {
  songs: Record<string, { bytes: number; song: { duration: number } }>;
  collections: Record<string, { title: string; songIds: string[] }>;
}
const keptIndex = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('offlineIndex') ?? '{"songs":{},"collections":{}}') as KeptIndex);

/** Three songs of one album (where their rows are). */
async function threeSongs(): Promise<{ id: string; albumId: string }[]> {
  const albums = (await (await fetch(`${server.url}/api/search/albums?query=wesnoth&limit=1`)).json()) as { data: { results: { id: string }[] } };
  const albumId = albums.data.results[0]!.id;
  const album = (await (await fetch(`${server.url}/api/albums?id=${albumId}`)).json()) as { data: { songs: { id: string }[] } };
  expect(album.data.songs.length).toBeGreaterThanOrEqual(3);
  return album.data.songs.slice(0, 3).map((s) => ({ id: s.id, albumId }));
}

/** Adds a song to a playlist from its row's menu on the album screen. */
async function addFromAlbum(page: Page, song: { id: string; albumId: string }, playlist: string) {
  await page.goto(`${server.url}/album/${song.albumId}`);
  const row = page.locator(`[data-index][data-song-id="${song.id}"]`).first();
  await row.waitFor();
  await row.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
  await page.getByRole('menuitem', { name: playlist }).click();
  await seeText(page, 'saved to playlist');
}

async function openPlaylist(page: Page, name: string) {
  await page.getByRole('link', { name: 'Library' }).first().click();
  await page.getByRole('list', { name: 'Your playlists' }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { name }).waitFor();
}

describe("the listener's own playlist offline", () => {
  it('made available offline, keeps its songs, follows a song added, plays with no network; changes made offline reach the server', async () => {
    const page: Page = context.pages()[0] ?? (await context.newPage());
    await signInWithOAuth(page, server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller != null);

    await page.goto(`${server.url}/library`);
    await page.getByRole('button', { name: /Create New Playlist/ }).click();
    await page.getByLabel('Name').fill('Night drive');
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('list', { name: 'Your playlists' }).getByRole('button', { name: 'Night drive', exact: true }).waitFor();

    const songs = await threeSongs();
    const [first, second, third] = songs.map((s) => s.id) as [string, string, string];
    for (const song of songs.slice(0, 2)) await addFromAlbum(page, song, 'Night drive');

    await openPlaylist(page, 'Night drive');
    const playlistId = new URL(page.url()).pathname.split('/').pop()!;
    const key = `userPlaylist:${playlistId}`;
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await page.getByRole('button', { name: 'Remove download' }).waitFor({ timeout: 60_000 });
    let kept = await keptIndex(page);
    expect(kept.collections[key]?.songIds).toEqual([first, second]);
    expect(Object.keys(kept.songs).sort()).toEqual([first, second].sort());
    // The default download quality, 160 kbps: about 20,000 bytes a second of audio.
    const rate = kept.songs[first]!.bytes / kept.songs[first]!.song.duration;
    expect(rate).toBeGreaterThan((160_000 / 8) * 0.75);
    expect(rate).toBeLessThan((160_000 / 8) * 1.3);

    // A song added from elsewhere in the app is fetched too.
    await addFromAlbum(page, songs[2]!, 'Night drive');
    await expect.poll(async () => Object.keys((await keptIndex(page)).songs).sort(), { timeout: 60_000 }).toEqual([first, second, third].sort());
    kept = await keptIndex(page);
    expect(kept.collections[key]?.songIds).toEqual([first, second, third]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'Library' }).first().click();
    await page.getByRole('button', { name: 'Play Night drive (downloaded)' }).click();
    await waitForAudioProgress(page, 1, 0, 30_000);
    expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc.startsWith('blob:'))).toBe(true);

    // Still offline: a song removed goes from the list (and from the device), a new playlist is listed as waiting.
    await openPlaylist(page, 'Night drive');
    const title = (await page.locator(`[data-index][data-song-id="${first}"]`).first().textContent())!;
    await page.getByRole('button', { name: `Remove ${title} from playlist` }).click();
    await seeText(page, 'removed from playlist');
    await seeText(page, 'You are offline: it will be removed when you are back online.');
    await expect.poll(async () => (await keptIndex(page)).collections[key]?.songIds).toEqual([second, third]);
    await page.getByRole('link', { name: 'Library' }).first().click();
    await page.getByRole('button', { name: /Create New Playlist/ }).click();
    await page.getByLabel('Name').fill('Made offline');
    await page.getByRole('button', { name: 'Launch' }).click();
    await seeText(page, 'You are offline: it will be created when you are back online.');
    const playlists = page.getByRole('list', { name: 'Your playlists' });
    await playlists.getByRole('button', { name: 'Made offline Will be created when you are back online' }).waitFor();

    await context.setOffline(false);
    const songsOnServer = async () =>
      (await listAsPage(page, 'PlaylistSong', [JSON.stringify({ method: 'equal', attribute: 'playlistId', values: [playlistId] })])).documents.map((d) => d.songId);
    await expect.poll(songsOnServer, { timeout: 30_000 }).toEqual([second, third]);
    await expect.poll(async () => (await listAsPage(page, 'Playlist')).documents.map((d) => d.name), { timeout: 30_000 }).toEqual(['Night drive', 'Made offline']);
    await playlists.getByRole('button', { name: 'Made offline', exact: true }).waitFor();
  });
});
