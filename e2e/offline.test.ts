/**
 * Offline listening in the installed app (a real Chromium profile, the
 * service worker in control), against the built server with a real OpenID
 * Connect provider: an album made available offline plays with the network
 * gone, after a reload, from Library's Downloads; a favourite added offline
 * reaches the server once the device is back online.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer, type OidcIssuer } from '../apps/server/src/backend/test/oidc-issuer.js';
import { launchPersistentChromium, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';
import { listAsPage, signInWithOAuth } from './signed-in-helpers.js';

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

async function anAlbum(): Promise<{ id: string; name: string; songs: number }> {
  // Each demo folder is one album.
  const songs = (await (await fetch(`${server.url}/api/search/songs?query=a&limit=15`)).json()) as { data: { results: { album: { id: string; name: string } }[] } };
  const res = { data: { results: [...new Map(songs.data.results.map((s) => [s.album.id, { id: s.album.id, name: s.album.name }])).values()] } };
  for (const a of res.data.results) {
    const album = (await (await fetch(`${server.url}/api/albums?id=${a.id}`)).json()) as { data: { songs: unknown[] } };
    if (album.data.songs.length >= 2) return { id: a.id, name: a.name, songs: album.data.songs.length };
  }
  throw new Error('no album with two songs');
}

describe('offline in the installed app', () => {
  it('an album made available offline plays with no network; a favourite added offline is sent when back online', async () => {
    const page: Page = context.pages()[0] ?? (await context.newPage());
    await signInWithOAuth(page, server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller != null);

    const album = await anAlbum();
    await page.goto(`${server.url}/album/${album.id}`);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await page.getByRole('button', { name: 'Remove download' }).waitFor({ timeout: 60_000 });
    // The songs' data and audio are on the device.
    const kept = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('offlineIndex') ?? '{}').songs ?? {}).length);
    expect(kept).toBe(album.songs);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'Library' }).first().click();
    await page.getByRole('button', { name: `Play ${album.name} (downloaded)` }).click();
    await waitForAudioProgress(page, 1, 0, 30_000);
    expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc.startsWith('blob:'))).toBe(true);

    // A favourite while offline: kept on the device, sent when the network is back.
    await page.getByRole('region', { name: 'Now playing' }).getByRole('button', { name: 'Add to favorites' }).click();
    // The add the server could not take waits on the device (SPEC#entities-local-storage-keys).
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('failedAddFavorites') ?? '[]') as string[]).length))
      .toBe(1);
    await context.setOffline(false);
    await expect.poll(async () => (await listAsPage(page, 'Favorite')).total, { timeout: 30_000 }).toBe(1);
  });

  it("a single song kept from its row's menu, at the download quality picked in Profile, plays with no network", async () => {
    // A device of its own (the album above is not on it), signed out: keeping music needs no account.
    const fresh = await launchPersistentChromium();
    try {
      await keepOneSong(fresh.context);
    } finally {
      await fresh.context.close();
      rmSync(fresh.userDataDir, { recursive: true, force: true });
    }
  });
});

/** Picks the download quality in Profile, keeps one song from an album's row menu, then plays it offline. */
async function keepOneSong(context: BrowserContext) {
  const page: Page = context.pages()[0] ?? (await context.newPage());
  await page.goto(server.url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`${server.url}/profile`);
  await page.getByRole('combobox', { name: 'Download quality' }).click();
  await page.getByRole('option', { name: /Data saver/ }).click();
  expect(await page.evaluate(() => localStorage.getItem('offlineQuality'))).toBe('96kbps');

  // A song in an album's list.
  await page.goto(`${server.url}/album/${(await anAlbum()).id}`);
  const kept = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('offlineIndex') ?? '{}').songs ?? {}));
  const rows = page.locator('[data-index][data-song-id]');
  await rows.first().waitFor();
  const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-song-id')!));
  const id = ids.find((i) => !kept.includes(i))!;
  const row = page.locator(`[data-index][data-song-id="${id}"]`).first();
  const title = (await row.textContent())!.trim();
  await row.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Make available offline' }).click();
  await page.getByText(`${title} is available offline`).waitFor({ timeout: 60_000 });
  const entry = await page.evaluate((songId) => JSON.parse(localStorage.getItem('offlineIndex')!).songs[songId] as { bytes: number; song: { duration: number } }, id);
  // 96 kbps: about 12,000 bytes a second of audio (the container adds a little).
  expect(entry.bytes / entry.song.duration).toBeGreaterThan(96_000 / 8 * 0.75);
  expect(entry.bytes / entry.song.duration).toBeLessThan(96_000 / 8 * 1.3);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('link', { name: 'Library' }).first().click();
  await page.getByRole('button', { name: `Play ${title} (downloaded)` }).click();
  await waitForAudioProgress(page, 1, 0, 30_000);
  expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc.startsWith('blob:'))).toBe(true);
  await context.setOffline(false);
}
