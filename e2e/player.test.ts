/**
 * The player in Debian Chromium against the built server: real scan, real
 * transcodes, real audio (SPEC#player-full-screen-blurred, SPEC#states-player).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioState, launchChromium, openPage, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';

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

async function home(): Promise<Page> {
  const opened = await openPage(browser, server.url);
  context = opened.context;
  await opened.page.locator('[data-song-id]').first().waitFor();
  return opened.page;
}

/** Starts the first song listed on Home and waits until it really plays. */
async function playFirst(page: Page): Promise<{ id: string; title: string; artist: string }> {
  // The row's id, title and artists read at once, and the click aimed at that song: Home's rows may still be
  // arriving and moving under a click aimed by position.
  const [id, title, artist] = await page
    .locator('[data-song-id]')
    .first()
    .evaluate((row) => [row.getAttribute('data-song-id')!, ...[...row.querySelectorAll(':scope span span')].slice(0, 2).map((e) => e.textContent ?? '')] as const);
  await page.locator(`[data-song-id="${id}"]`).first().click();
  await waitForAudioProgress(page, 0.5);
  return { id, title: title!, artist: artist! };
}

const currentTitle = (page: Page) => page.getByTestId('player-title').textContent();

describe('player end to end', () => {
  it('a tapped song plays: the audio position advances and the mini player shows title and artist', async () => {
    const opened = await openPage(browser, 'about:blank');
    context = opened.context;
    const page = opened.page;
    const origins = new Set<string>();
    context.on('request', (r) => origins.add(new URL(r.url()).origin));
    await page.goto(server.url);
    await page.locator('[data-song-id]').first().waitFor();
    const { title, artist } = await playFirst(page);
    const before = (await audioState(page))!.currentTime;
    const after = await waitForAudioProgress(page, 1, before);
    expect(after).toBeGreaterThan(before);
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect.poll(() => mini.getByTestId('mini-title').textContent()).toBe(title);
    expect(await mini.getByTestId('mini-artists').textContent()).toBe(artist.slice(0, 20));
    expect(await page.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1);
    // Everything (scripts, icons, covers, audio) comes from this server: no third-party host.
    expect([...origins]).toEqual([server.url]);
  });

  it('next, previous and the queue drawer move through the queue', async () => {
    const page = await home();
    const { id } = await playFirst(page);
    await page.getByRole('link', { name: /^Open player/ }).click();
    await expect.poll(() => page.url()).toContain(`/player/${id}`);
    const first = await currentTitle(page);
    expect(await page.getByRole('button', { name: 'Previous song' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next song' }).click();
    await expect.poll(() => currentTitle(page)).not.toBe(first);
    const second = await currentTitle(page);
    await expect.poll(() => page.url()).not.toContain(`/player/${id}`);
    await waitForAudioProgress(page, 0.5, 0);

    await page.getByRole('button', { name: 'Previous song' }).click();
    await expect.poll(() => currentTitle(page)).toBe(first);

    await page.getByRole('button', { name: 'Open queue' }).click();
    const drawer = page.getByRole('dialog', { name: 'Queue' });
    await drawer.waitFor();
    const rows = drawer.getByTestId('queue-list').locator('li');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    // The current song has no remove button; the others do.
    expect(await drawer.getByRole('button', { name: `Remove ${first} from queue` }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: `Remove ${second} from queue` }).count()).toBe(1);
    await drawer.getByRole('button', { name: second! }).first().click();
    await expect.poll(() => currentTitle(page)).toBe(second);
    await waitForAudioProgress(page, 0.5, 0);
  });

  it('a reload keeps the queue and the current song', async () => {
    const page = await home();
    const { title } = await playFirst(page);
    await page.getByRole('button', { name: 'Next song' }).click();
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect.poll(() => mini.getByTestId('mini-title').textContent()).not.toBe(title);
    const current = await mini.getByTestId('mini-title').textContent();
    const queued = await page.evaluate(() => JSON.parse(sessionStorage.getItem('player')!).state.queue.length);
    await page.reload();
    await expect.poll(() => mini.getByTestId('mini-title').textContent()).toBe(current);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('player')!).state.queue.length)).toBe(queued);
    // Restored paused, ready to resume.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(page, 0.5, 0);
  });

  it('the tooltips that open with the player cover no control, on a phone and on a desktop', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }, { width: 1440, height: 900 }]) {
      const page = await home();
      await page.setViewportSize(viewport);
      const id = (await page.locator('[data-song-id]').first().getAttribute('data-song-id'))!;
      await page.goto(`${server.url}/player/${id}?share=true`);
      await page.locator('span[role="tooltip"]').nth(2).waitFor();
      const overlaps = await page.evaluate(() => {
        const boxOf = (e: Element) => e.getBoundingClientRect();
        const hit = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        // A slider is the whole bar a tap can land on (its root), not only its thumb.
        const sliders = Array.from(document.querySelectorAll('[role="slider"]')).map((t) => t.closest('[data-orientation]:not([role])') ?? t);
        const controls = [...Array.from(document.querySelectorAll('button, a[href], input')), ...sliders].filter((c) => boxOf(c).width > 0);
        const tips = Array.from(document.querySelectorAll('span[role="tooltip"]'));
        return tips.flatMap((tip) => {
          const own = tip.parentElement!.firstElementChild!;
          return controls.filter((c) => c !== own && hit(boxOf(tip), boxOf(c))).map((c) => `${tip.textContent} over ${c.getAttribute('aria-label') ?? c.querySelector('[aria-label]')?.getAttribute('aria-label') ?? c.textContent}`);
        });
      });
      expect(overlaps, `${viewport.width}x${viewport.height}`).toEqual([]);
      await context?.close();
      context = undefined;
    }
  });

  it('/player/{id}?share opens the song by id, queued and paused', async () => {
    const page = await home();
    // The id and the title read from the same row, at once: Home's rows may still be arriving.
    const third = page.locator('[data-song-id]').nth(2);
    const [id, title] = await third.evaluate((row) => [row.getAttribute('data-song-id')!, row.querySelector(':scope span span')?.textContent ?? null] as const);
    await page.goto(`${server.url}/player/${id}?share=true`);
    await expect.poll(() => currentTitle(page)).toBe(title);
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    // The source is loaded, but nothing plays until the listener asks (a load plays at once when the
    // player is playing, so by the time the source has its first data it would be playing).
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    const state = (await audioState(page))!;
    expect(state.paused).toBe(true);
    expect(state.currentTime).toBe(0);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('player')!).state.currentId)).toBe(id);
    // Back from a shared link goes Home, not out of the app.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('offline shows the banner; back online, playback goes on from where it was', async () => {
    const page = await home();
    await playFirst(page);
    await context!.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'You are offline. Reconnecting...' });
    await banner.waitFor();
    const offlineAt = (await audioState(page))!.currentTime;
    // Back online, the player loads its source again (not only the buffered bytes) and seeks to where it was.
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.addEventListener('loadstart', () => audio.setAttribute('data-reloaded', 'yes'), { once: true });
    });
    await context!.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await page.locator('audio[data-reloaded="yes"]').waitFor({ state: 'attached', timeout: 30_000 });
    const resumed = await waitForAudioProgress(page, 1, offlineAt);
    expect(resumed).toBeGreaterThan(offlineAt);
    expect((await audioState(page))!.error).toBeNull();
  });

  it("an unknown route shows '404' and 'Oops! Page not found'", async () => {
    const opened = await openPage(browser, `${server.url}/no/such/page`);
    context = opened.context;
    await opened.page.getByRole('heading', { name: '404' }).waitFor();
    expect(await opened.page.getByText('Oops! Page not found').count()).toBe(1);
    await opened.page.getByRole('link', { name: 'Return to Home' }).click();
    await opened.page.locator('[data-song-id]').first().waitFor();
  });
});
