/**
 * The player screen in Debian Chromium against the built server, on a phone
 * (390x844) and a desktop (1440x900): names lead to the artist and the album,
 * the tab's title follows the playing song, a reload brings the song back at
 * its position (paused), the desktop layout leaves the transport to the bar.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audioState, useServerAndBrowser, waitForAudioProgress } from './harness.js';

const rig = useServerAndBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Home at this size, then the first song played and its player opened. */
async function playerOf(viewport: { width: number; height: number }): Promise<{ page: Page; id: string; title: string; artist: string }> {
  const page = await rig.open('/', viewport);
  const row = page.locator('[data-song-id]').first();
  await row.waitFor();
  const id = (await row.getAttribute('data-song-id'))!;
  await row.click();
  await waitForAudioProgress(page, 0.5);
  await page.getByRole('link', { name: /^Open player/ }).click();
  await expect.poll(() => page.url()).toContain(`/player/${id}`);
  const title = (await page.getByTestId('player-title').textContent())!;
  const artist = (await page.getByTestId('player-artists').textContent())!;
  return { page, id, title, artist };
}

const pathname = (page: Page) => new URL(page.url()).pathname;

for (const [size, viewport] of [['390x844', PHONE], ['1440x900', DESKTOP]] as const) {
  describe(`the player screen at ${size}`, () => {
    it("the artist's name opens the artist's page and the album's name the album's", async () => {
      const { page, artist } = await playerOf(viewport);
      await page.getByTestId('player-artists').getByRole('link', { name: artist }).click();
      await expect.poll(() => pathname(page)).toMatch(/^\/artist\//);
      await page.getByRole('heading', { name: artist, level: 1 }).waitFor();
      await page.goBack();
      const album = page.getByTestId('player-album').getByRole('link');
      const albumName = (await album.textContent())!;
      await album.click();
      await expect.poll(() => pathname(page)).toMatch(/^\/album\//);
      await page.getByRole('heading', { name: albumName, level: 1 }).waitFor();
      // The song plays on meanwhile.
      await waitForAudioProgress(page, 0.3);
    });

    it('More options leads to the album and the artist too', async () => {
      const { page, artist } = await playerOf(viewport);
      await page.getByRole('button', { name: 'More options' }).click();
      await page.getByRole('menuitem', { name: 'Go to artist' }).click();
      await page.getByRole('heading', { name: artist, level: 1 }).waitFor();
      await page.goBack();
      await page.getByRole('button', { name: 'More options' }).click();
      await page.getByRole('menuitem', { name: 'Go to album' }).click();
      await expect.poll(() => pathname(page)).toMatch(/^\/album\//);
    });

    it('while a song plays the tab is titled "Title · Artist"; paused, the site title', async () => {
      const { page, title, artist } = await playerOf(viewport);
      await expect.poll(() => page.title()).toBe(`${title} · ${artist}`);
      await page.getByRole('button', { name: 'Pause', exact: true }).first().click();
      await expect.poll(() => page.title()).toBe('Lyra Music');
    });

    it('a reload brings back the current song at its position, paused', async () => {
      const { page, id } = await playerOf(viewport);
      await page.getByRole('button', { name: 'Next song' }).first().click();
      await expect.poll(() => page.url()).not.toContain(`/player/${id}`);
      const secondId = pathname(page).split('/').pop()!;
      const at = await waitForAudioProgress(page, 4, 0);
      await page.getByRole('button', { name: 'Pause', exact: true }).first().click();
      const pausedAt = (await audioState(page))!.currentTime;
      expect(pausedAt).toBeGreaterThanOrEqual(at);
      await page.reload();
      await page.getByTestId('player-title').waitFor();
      expect(pathname(page)).toBe(`/player/${secondId}`);
      // Loaded there, paused; the seek bar shows it.
      await page.waitForFunction(
        ([songId, from]) => {
          const a = document.querySelector('audio');
          return !!a && (a.currentSrc || a.src).includes(`/media/${songId}/`) && a.paused && a.readyState >= 1 && Math.abs(a.currentTime - from) < 1.5;
        },
        [secondId, pausedAt] as const,
        { timeout: 30_000, polling: 100 },
      );
      const shown = (await page.getByRole('slider', { name: 'Seek' }).first().getAttribute('aria-valuetext'))!;
      const [m, s] = shown.split(' of ')[0]!.split(':').map(Number);
      expect(Math.abs(m! * 60 + s! - pausedAt)).toBeLessThanOrEqual(1.5);
      await page.getByRole('button', { name: 'Play', exact: true }).first().click();
      await waitForAudioProgress(page, 0.5, pausedAt - 0.5);
      expect((await audioState(page))!.currentTime).toBeGreaterThan(pausedAt);
    });
  });
}

describe('the desktop player screen (1440x900)', () => {
  it('shows the queue beside the cover and leaves previous, play, next, seek and volume to the player bar, which the screen does not reach under', async () => {
    const { page } = await playerOf(DESKTOP);
    for (const name of ['Next song', 'Previous song', 'Shuffle']) expect(await page.getByRole('button', { name }).count()).toBe(1);
    expect(await page.getByRole('slider', { name: 'Seek' }).count()).toBe(1);
    const bar = page.getByRole('region', { name: 'Player' });
    expect(await bar.getByRole('button', { name: 'Next song' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Queue', pressed: true }).count()).toBe(1);
    expect(await page.getByTestId('queue-list').first().locator('li').count()).toBeGreaterThan(1);
    const barTop = (await bar.boundingBox())!.y;
    const screenBottom = await page.getByTestId('player-title').evaluate((el) => el.closest('.fixed')!.getBoundingClientRect().bottom);
    expect(screenBottom).toBeLessThanOrEqual(barTop + 1);
    // The bar's artist name opens the artist too.
    const artist = (await bar.getByTestId('bar-artists').textContent())!;
    await bar.getByTestId('bar-artists').getByRole('link').first().click();
    await page.getByRole('heading', { name: artist, level: 1 }).waitFor();
  });
});

describe('the mini player (390x844)', () => {
  it("the artist's name opens the artist; the rest of the mini player opens the player", async () => {
    const page = await rig.open('/', PHONE);
    const row = page.locator('[data-song-id]').first();
    await row.waitFor();
    await row.click();
    await waitForAudioProgress(page, 0.5);
    const mini = page.getByRole('region', { name: 'Now playing' });
    const artists = mini.getByTestId('mini-artists');
    const name = (await artists.textContent())!;
    await artists.getByRole('link').first().click();
    await expect.poll(() => pathname(page)).toMatch(/^\/artist\//);
    await page.getByRole('heading', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), level: 1 }).waitFor();
    await mini.getByRole('link', { name: /^Open player/ }).click();
    await expect.poll(() => pathname(page)).toMatch(/^\/player\//);
  });
});

describe('shuffle and repeat (390x844)', () => {
  it("repeat one plays the song again when it ends; shuffle keeps the song playing and the queue's songs", async () => {
    const { page, id } = await playerOf(PHONE);
    const queued = async () => page.evaluate(() => (JSON.parse(sessionStorage.getItem('player')!) as { state: { queue: { id: string }[] } }).state.queue.map((s) => s.id));
    const before = await queued();
    await page.getByRole('button', { name: 'Shuffle', pressed: false }).click();
    await page.getByRole('button', { name: 'Shuffle', pressed: true }).waitFor();
    await expect.poll(async () => (await queued())[0]).toBe(id);
    expect([...(await queued())].sort()).toEqual([...before].sort());

    await page.getByRole('button', { name: 'Repeat all' }).click();
    await page.getByRole('button', { name: 'Repeat one' }).waitFor();
    // Near the end (5 s before it), then on past it.
    const song = (await (await fetch(`${rig.server.url}/api/songs/${id}`)).json()) as { data: { duration: number }[] };
    const durationS = song.data[0]!.duration;
    const bar = page.getByRole('slider', { name: 'Seek' }).locator('xpath=../..');
    const box = (await bar.boundingBox())!;
    await page.mouse.click(box.x + (box.width * (durationS - 5)) / durationS, box.y + box.height / 2);
    await page.waitForFunction((near) => (document.querySelector('audio')?.currentTime ?? 0) > near, durationS - 10, { timeout: 30_000, polling: 100 });
    // It ends and starts again: the same song, from its start.
    await page.waitForFunction(
      (songId) => {
        const a = document.querySelector('audio');
        return !!a && (a.currentSrc || a.src).includes(`/media/${songId}/`) && !a.paused && a.currentTime > 0.3 && a.currentTime < 30;
      },
      id,
      { timeout: 60_000, polling: 100 },
    );
    expect(pathname(page)).toBe(`/player/${id}`);
    await page.getByRole('button', { name: 'Repeat one' }).click();
    await page.getByRole('button', { name: 'Repeat off' }).waitFor();
  });
});
