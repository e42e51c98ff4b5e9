/**
 * airsonic-refix, a web Subsonic client built from its source (airsonic-refix-build.ts), in
 * Chromium against the built server: sign in with the app password, browse to an album, play
 * it, seek twice in its first play (playback goes on from each place, never stalling), star the album, make a
 * playlist and add a song to it. The server's answers are read back over /rest.
 * Skipped, saying why, when the client cannot be fetched or built here.
 */
import { once } from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAirsonicRefix } from './airsonic-refix-build.js';
import { useServerAndBrowser } from './harness.js';
import { subsonicAccount, type SubsonicAccount } from './subsonic-account.js';

const prepared = await prepareAirsonicRefix();
if ('skip' in prepared) console.warn(`airsonic-refix e2e skipped: ${prepared.skip}`);

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.woff2': 'font/woff2' };

/** The built client on its own loopback origin; any path that is not a file is the app (history routing). */
async function serveClient(dist: string) {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dist, path);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The client plays through `new Audio()` elements outside the page: each one that is played is kept in window.__audios. */
const keepAudios = () => {
  const w = window as unknown as { __audios: HTMLMediaElement[] };
  w.__audios = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!w.__audios.includes(this)) w.__audios.push(this);
    return play.call(this);
  };
};

/** The element playing now (the latest one played): its source, position, length and state. */
const playing = (page: Page) =>
  page.evaluate(() => {
    const a = (window as unknown as { __audios: HTMLMediaElement[] }).__audios.at(-1);
    return a ? { src: a.currentSrc || a.src, t: a.currentTime, duration: a.duration, paused: a.paused, readyState: a.readyState, error: a.error?.code ?? null } : null;
  });

/** Waits until the playing element is past `fromS` + `byS` and still playing. */
async function advances(page: Page, fromS: number, byS: number, what: string): Promise<number> {
  await page
    .waitForFunction(
      ([from, by]) => {
        const a = (window as unknown as { __audios: HTMLMediaElement[] }).__audios.at(-1);
        return !!a && !a.paused && a.currentTime >= from + by;
      },
      [fromS, byS] as const,
      { timeout: 60_000, polling: 100 },
    )
    .catch(async (e: unknown) => {
      throw new Error(`${what}: ${JSON.stringify(await playing(page))}`, { cause: e });
    });
  return (await playing(page))!.t;
}

const list = <T>(v: unknown): T[] => (v ?? []) as T[];

describe.skipIf('skip' in prepared)('airsonic-refix (a web Subsonic client) in Chromium', () => {
  const rig = useServerAndBrowser();
  let client: Awaited<ReturnType<typeof serveClient>>;
  let account: SubsonicAccount;

  beforeAll(async () => {
    if ('skip' in prepared) return;
    client = await serveClient(prepared.dist);
    account = await subsonicAccount(rig.server.url, 'refix@example.org', 'a refix password', 'Refix Listener');
  });
  afterAll(async () => {
    await client?.close();
  });

  it('signs in, browses, plays, seeks twice without stalling, stars an album and fills a playlist', async () => {
    rig.context = await rig.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await rig.context.addInitScript(keepAudios);
    const page = await rig.context.newPage();
    await page.goto(`${client.url}/`);

    // Sign in: the server's address, the account's email and its app password (token authentication).
    await page.locator('input[name=server]').fill(rig.server.url, { timeout: 60_000 });
    await page.locator('input[name=username]').fill(account.username);
    await page.locator('input[name=password]').fill(account.appPassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    // Browse: Albums, then an album.
    await page.getByRole('link', { name: 'Albums' }).first().click({ timeout: 60_000 });
    const albumList = (await account.rest('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2 as { album?: unknown };
    const albums = list<{ id: string; name: string }>(albumList.album);
    expect(albums.length).toBeGreaterThan(0);
    const tiles = page.locator('.tile .card-body a');
    await tiles.first().waitFor({ timeout: 60_000 });
    const name = (await tiles.first().textContent())!.trim();
    const album = albums.find((a) => a.name === name)!;
    expect(album, `album "${name}" in getAlbumList2`).toBeDefined();
    await tiles.first().click();
    await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe(`/albums/id/${album.id}`);

    // The album's first song, never played before: nothing of it is cached, and the client asks for no format,
    // so the server sends the file as it is, with its length and Range (docs/subsonic-apps.md).
    const song = list<{ id: string; duration: number }>(((await account.rest('getAlbum', { id: album.id })).album as { song: unknown }).song)[0]!;

    // Play: the first song streams from /rest/stream and plays on.
    await page.getByRole('button', { name: 'Play' }).first().click();
    const started = await advances(page, 0, 1, 'the album did not start');
    const now = (await playing(page))!;
    expect(now.src).toContain(`${rig.server.url}/rest/stream?id=`);
    await advances(page, started, 1, 'playback stalled after starting');

    // Seek twice on the progress bar, forwards then back: each time it plays on from there.
    const bar = page.locator('.vue-slider').first();
    const box = (await bar.boundingBox())!;
    for (const fraction of [0.6, 0.25]) {
      await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
      const target = song.duration * fraction;
      await page
        .waitForFunction(
          (t) => {
            const a = (window as unknown as { __audios: HTMLMediaElement[] }).__audios.at(-1);
            return !!a && Math.abs(a.currentTime - t) < 5;
          },
          target,
          { timeout: 60_000, polling: 100 },
        )
        .catch(async (e: unknown) => {
          throw new Error(`the seek to ${target.toFixed(1)} s did not arrive: ${JSON.stringify(await playing(page))}`, { cause: e });
        });
      const at = (await playing(page))!.t;
      await advances(page, at, 1.5, `playback stalled after the seek to ${target.toFixed(1)} s`);
    }

    // Star the album: the server keeps it starred for the account.
    await page.getByTitle('Favourite').first().click();
    await expect
      .poll(async () => list<{ id: string }>(((await account.rest('getStarred2')).starred2 as { album?: unknown }).album).map((a) => a.id), { timeout: 30_000 })
      .toEqual([album.id]);

    // A new playlist, then the album's first song added to it from its row's menu.
    await page.locator('.sidebar-heading button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input').fill('From refix');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const playlists = async () => list<{ id: string; name: string; songCount: number }>(((await account.rest('getPlaylists')).playlists as { playlist?: unknown }).playlist);
    await expect.poll(async () => (await playlists()).map((p) => [p.name, p.songCount]), { timeout: 30_000 }).toEqual([['From refix', 0]]);
    const row = page.locator('tbody tr').first();
    await row.locator('.dropdown button, button.dropdown-toggle').first().click();
    await page.getByText('Add to playlist', { exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'From refix' }).click();
    await expect.poll(async () => (await playlists()).map((p) => [p.name, p.songCount]), { timeout: 30_000 }).toEqual([['From refix', 1]]);
    const [made] = await playlists();
    const entries = list<{ id: string }>(((await account.rest('getPlaylist', { id: made!.id })).playlist as { entry?: unknown }).entry);
    expect(entries.map((e) => e.id)).toEqual([song.id]);

    // Still playing after all that.
    const last = (await playing(page))!;
    await advances(page, last.t, 1, 'playback stalled at the end');
  });
});

if ('skip' in prepared) {
  describe('airsonic-refix (a web Subsonic client) in Chromium', () => {
    it.skip(`is skipped: ${prepared.skip.split('\n')[0]!}`, () => {});
  });
}
