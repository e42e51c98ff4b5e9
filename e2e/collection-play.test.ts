/**
 * A full collection page in Debian Chromium against the built server: the
 * header says how many songs and how long; rows carry track numbers and
 * durations; Play queues the whole album in order; Shuffle queues all of it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, waitForAudioProgress } from './harness.js';

const rig = useServerAndBrowser();

type AlbumSong = { id: string; name: string; duration: number };
async function anAlbum(): Promise<{ id: string; songs: AlbumSong[] }> {
  const found = (await (await fetch(`${rig.server.url}/api/search/albums?query=wesnoth&limit=5`)).json()) as { data: { results: { id: string }[] } };
  for (const albumId of found.data.results.map((a) => a.id)) {
    const album = (await (await fetch(`${rig.server.url}/api/albums?id=${albumId}`)).json()) as { data: { songs: AlbumSong[] } };
    if (album.data.songs.length >= 3) return { id: albumId, songs: album.data.songs };
  }
  throw new Error('no album with 3 songs');
}

const queueIds = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('player') ?? '{}') as { state?: { queue: { id: string }[] } }).state?.queue.map((s) => s.id) ?? []);

describe('collection page', () => {
  it('shows count, length, track numbers and durations; Play queues the album in order; Shuffle queues all of it', async () => {
    const album = await anAlbum();
    const page = await rig.open(`/album/${album.id}`);
    const stats = page.getByTestId('collection-stats');
    await stats.waitFor();
    const totalMin = Math.round(album.songs.reduce((n, s) => n + s.duration, 0) / 60);
    expect(await stats.textContent()).toBe(`${album.songs.length} songs, ${totalMin} min`);
    await expect.poll(() => page.getByTestId('track-number').allTextContents()).toEqual(album.songs.map((_, i) => String(i + 1)));
    const first = album.songs[0]!;
    expect(await page.getByTestId('track-duration').first().textContent()).toBe(
      `${Math.floor(first.duration / 60)}:${String(Math.floor(first.duration % 60)).padStart(2, '0')}`,
    );

    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(page, 0.3);
    expect(await queueIds(page)).toEqual(album.songs.map((s) => s.id));
    expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc)).toContain(`/media/${first.id}/`);

    await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
    await expect.poll(async () => [...(await queueIds(page))].sort()).toEqual(album.songs.map((s) => s.id).sort());
  });
});
