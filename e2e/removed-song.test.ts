/**
 * A song deleted from the music folder, in Debian Chromium against the built
 * server watching its folder: the scan removes it, realtime tells the open app,
 * and it leaves the queue with SPEC#errors-queue's toast while playback goes on to the
 * song after it. An app that did not hear it (no realtime) learns it when the
 * song fails to play: the catalogue no longer has it, so it is dropped the same
 * way instead of "Audio format not supported".
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { musicSubset, useServerAndBrowser, waitForAudioProgress } from './harness.js';

type AlbumSong = { id: string; name: string };
const ALBUMS = { tide: 'Tide Tables', ebb: 'Ebb and Flow' } as const;

/** Three songs of `seconds` each, an album of their own, as files 01-03. */
function writeAlbum(music: string, album: string, seconds: number) {
  const dir = join(music, album);
  mkdirSync(dir);
  for (const n of [1, 2, 3]) {
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${300 + n * 110}:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '96k',
      '-metadata', `title=${album.split(' ')[0]} ${n}`, '-metadata', 'artist=Test Tones', '-metadata', `album=${album}`, '-metadata', `track=${n}`,
      join(dir, `0${n}.mp3`)]);
  }
}

let musicDir = '';
const rig = useServerAndBrowser(() => {
  musicDir = musicSubset(0);
  // Long enough for the event to arrive while the first song plays; the test then skips ahead.
  writeAlbum(musicDir, ALBUMS.tide, 30);
  writeAlbum(musicDir, ALBUMS.ebb, 6);
  return { musicDir, env: { SCAN_WATCH: 'on' } };
});
afterAll(() => rmSync(musicDir, { recursive: true, force: true }));

async function album(name: string): Promise<{ id: string; songs: AlbumSong[] }> {
  const found = (await (await fetch(`${rig.server.url}/api/search/albums?query=${encodeURIComponent(name)}`)).json()) as { data: { results: { id: string; name: string }[] } };
  const id = found.data.results.find((a) => a.name === name)!.id;
  const body = (await (await fetch(`${rig.server.url}/api/albums?id=${id}`)).json()) as { data: { songs: AlbumSong[] } };
  return { id, songs: body.data.songs };
}

const queueIds = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('player') ?? '{}') as { state?: { queue: { id: string }[] } }).state?.queue.map((s) => s.id) ?? []);
const miniTitle = (page: Page) => page.getByRole('region', { name: 'Now playing' }).getByTestId('mini-title').textContent();
const songStatus = async (id: string) => (await fetch(`${rig.server.url}/api/songs/${id}`)).status;

/** A phone-sized page; `realtime` false: its realtime socket opens but the server never hears from it. */
async function openPage(path: string, realtime: boolean): Promise<{ page: Page; subscribed: Promise<void> }> {
  rig.context = await rig.browser.newContext({ viewport: { width: 412, height: 860 } });
  if (!realtime) await rig.context.routeWebSocket(/\/v1\/realtime/, () => {});
  const page = await rig.context.newPage();
  // The server's answer to the app's subscription to the catalogue channel.
  const subscribed = new Promise<void>((resolve) => {
    page.on('websocket', (ws: WebSocket) =>
      ws.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type: string; data?: { to?: string; subscriptions?: { channels: string[] }[] } };
        if (frame.type === 'response' && frame.data?.to === 'subscribe' && frame.data.subscriptions?.some((s) => s.channels.includes('catalogue'))) resolve();
      }),
    );
  });
  await page.goto(`${rig.server.url}${path}`);
  return { page, subscribed };
}

describe('a song deleted from the music folder', () => {
  it('leaves the queue of an open app with a toast, and playback goes on to the song after it', async () => {
    const { id, songs } = await album(ALBUMS.tide);
    expect(songs.map((s) => s.name)).toEqual(['Tide 1', 'Tide 2', 'Tide 3']);
    const { page, subscribed } = await openPage(`/album/${id}`, true);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(page, 0.3);
    expect(await queueIds(page)).toEqual(songs.map((s) => s.id));
    await subscribed;

    unlinkSync(join(musicDir, ALBUMS.tide, '02.mp3'));
    await page.getByText('“Tide 2” is no longer in the library', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await queueIds(page)).toEqual([songs[0]!.id, songs[2]!.id]);
    expect(await miniTitle(page)).toBe('Tide 1');

    // Tide 1 plays to its end (skipped ahead 20 s with the arrow key), then Tide 3.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => miniTitle(page), { timeout: 30_000 }).toBe('Tide 3');
    await page.getByRole('button', { name: 'Pause', exact: true }).first().waitFor();
    expect(await page.getByText('Audio format not supported').count()).toBe(0);
  });

  it('without realtime, leaves the queue when it comes to play: the catalogue no longer has it', async () => {
    const { id, songs } = await album(ALBUMS.ebb);
    const { page } = await openPage(`/album/${id}`, false);
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    // Deleted while the app shows the album: it hears nothing and still lists Ebb 2.
    unlinkSync(join(musicDir, ALBUMS.ebb, '02.mp3'));
    await expect.poll(() => songStatus(songs[1]!.id), { timeout: 20_000 }).toBe(404);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(page, 0.3);
    expect(await queueIds(page)).toEqual(songs.map((s) => s.id));

    // Ebb 1 plays to its end (6 s); Ebb 2 fails to load, the catalogue says it is gone, Ebb 3 plays.
    await page.getByText('“Ebb 2” is no longer in the library', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await queueIds(page)).toEqual([songs[0]!.id, songs[2]!.id]);
    await expect.poll(() => miniTitle(page)).toBe('Ebb 3');
    await waitForAudioProgress(page, 0.3, 0);
    expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc)).toContain(`/media/${songs[2]!.id}/`);
    expect(await page.getByText('Audio format not supported').count()).toBe(0);
  });
});
