/**
 * Seeking never restarts a song, in Debian Chromium against the built server
 * on a fresh data folder (nothing cached, so every play is a first play: a
 * live transcode). SPEC#player-full-screen-blurred seek slider: released at 60 %, the audio plays
 * from past 55 % and advances; a quality change keeps the position and the
 * playing state. How fast is measured by `npm run bench:web`, not here.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audioState, musicSubset, useServerAndBrowser, waitForAudioProgress } from './harness.js';

// Whole songs: a seek must land while the song is still being transcoded for the first time.
const rig = useServerAndBrowser(() => ({ musicDir: musicSubset(6, { full: true }) }));

/** Plays the `index`-th song on Home (a first play) and opens the player. */
async function playFromHome(index: number): Promise<{ page: Page; id: string; durationS: number }> {
  const page = await rig.open('/');
  const row = page.locator('[data-song-id]').nth(index);
  await row.waitFor();
  const id = (await row.getAttribute('data-song-id'))!;
  const song = (await (await fetch(`${rig.server.url}/api/songs/${id}`)).json()) as { data: { duration: number }[] };
  await row.click();
  await waitForAudioProgress(page, 0.5);
  return { page, id, durationS: song.data[0]!.duration };
}

/** Clicks the seek slider at `fraction` of its width (press and release, as a listener's tap). */
async function releaseSeekAt(page: Page, fraction: number): Promise<void> {
  const slider = page.getByRole('slider', { name: 'Seek' }).locator('xpath=../..');
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
}

describe('seeking in a first play', () => {
  it('released at 60 %, the audio plays on from past 55 % and the bar shows the real length', async () => {
    const { page, id, durationS } = await playFromHome(0);
    expect(durationS).toBeGreaterThan(60);
    await page.getByRole('link', { name: /^Open player/ }).click();
    await expect.poll(() => page.url()).toContain(`/player/${id}`);
    // The bar shows the catalogue's length while the transcode streams, never the stream's.
    const shown = `${Math.floor(durationS / 60)}:${String(Math.floor(durationS % 60)).padStart(2, '0')}`;
    await expect.poll(() => page.getByTestId('duration').textContent()).toBe(shown);
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) >= 1);

    await releaseSeekAt(page, 0.6);
    await page.waitForFunction(
      (min) => {
        const a = document.querySelector('audio');
        return !!a && !a.paused && a.currentTime >= min;
      },
      durationS * 0.55,
      { timeout: 15_000 },
    );
    const at = (await audioState(page))!;
    // The element could not jump in the live stream: the server started the tier there.
    expect(at.src).toContain('timeOffset=');
    const later = await waitForAudioProgress(page, 0.5, at.currentTime, 10_000);
    expect(later).toBeGreaterThan(durationS * 0.55);
    expect(await page.getByTestId('duration').textContent()).toBe(shown);
  });

  it('seeking again, back to 30 %, lands there too', async () => {
    const { page, id, durationS } = await playFromHome(1);
    await page.getByRole('link', { name: /^Open player/ }).click();
    await expect.poll(() => page.url()).toContain(`/player/${id}`);
    await releaseSeekAt(page, 0.7);
    await waitForAudioProgress(page, 0.3, durationS * 0.65, 15_000);
    await releaseSeekAt(page, 0.3);
    await page.waitForFunction(
      ([lo, hi]) => {
        const a = document.querySelector('audio');
        return !!a && !a.paused && a.currentTime >= lo! && a.currentTime <= hi!;
      },
      [durationS * 0.28, durationS * 0.4],
      { timeout: 15_000 },
    );
  });
});

describe('quality changes in place', () => {
  it('changing the quality while playing keeps the position and keeps playing', async () => {
    const { page } = await playFromHome(2);
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) >= 2);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('combobox', { name: 'Audio quality' }).click();
    const before = (await audioState(page))!;
    const chosenAt = Date.now();
    await page.getByRole('option', { name: /^96kbps/ }).click();
    await page.waitForFunction((src) => {
      const a = document.querySelector('audio');
      return !!a && a.src !== src && !a.paused && a.readyState >= 3;
    }, before.src);
    const after = (await audioState(page))!;
    expect(after.src).toContain('/96.mp4');
    const elapsedS = (Date.now() - chosenAt) / 1000;
    // Where it was, plus the time that passed: never back at the start.
    expect(after.currentTime).toBeGreaterThan(before.currentTime - 1);
    expect(after.currentTime).toBeLessThan(before.currentTime + elapsedS + 1);
    await waitForAudioProgress(page, 0.5, after.currentTime, 10_000);
  });
});

describe('offline', () => {
  it('a never-played song tapped offline says the device is offline, then plays once back online', async () => {
    const page = await rig.open('/');
    const context = rig.context!;
    const rows = page.locator('[data-song-id]');
    await rows.nth(4).waitFor();
    const [seen, id] = [(await rows.nth(4).getAttribute('data-song-id'))!, (await rows.nth(3).getAttribute('data-song-id'))!];
    // The player screen's code is loaded once (a shared link opens it paused), then back Home.
    await page.goto(`${rig.server.url}/player/${seen}?share=1`);
    await page.getByRole('slider', { name: 'Seek' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await rows.nth(3).waitFor();
    await context.setOffline(true);
    await page.locator(`[data-song-id="${id}"]`).first().click();
    await page.getByRole('link', { name: /^Open player/ }).click();
    await expect.poll(() => page.url()).toContain(`/player/${id}`);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe('You are offline. Reconnecting...');
    await context.setOffline(false);
    await waitForAudioProgress(page, 0.5, 0, 30_000);
    expect(await alert.count()).toBe(0);
  });
});
