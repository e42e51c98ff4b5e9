/**
 * The desktop layout (>= 1024 px) in Debian Chromium at 1440x900 against the
 * built server: a sidebar and a player bar on every route, the bar playing on
 * across navigation, the player screen between them; keyboard shortcuts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audioState, useServerAndBrowser, waitForAudioProgress } from './harness.js';

const rig = useServerAndBrowser();

async function desktop(): Promise<Page> {
  const page = await rig.open('/', { width: 1440, height: 900 });
  await page.locator('[data-song-id]').first().waitFor();
  return page;
}

describe('desktop layout', () => {
  it('the sidebar and the player bar stay on every route, and the song plays on across navigation', async () => {
    const page = await desktop();
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    // It comes with the app (the server's first screen is the page's content alone).
    await sidebar.waitFor();
    // Phones' chrome is not there.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.locator('[data-song-id]').first().click();
    await waitForAudioProgress(page, 0.5);
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.waitFor();
    const title = await bar.getByTestId('bar-title').textContent();
    for (const [label, path] of [['Search', '/search'], ['Library', '/library'], ['Favorites', '/favorites'], ['Profile', '/profile'], ['Home', '/']] as const) {
      const before = (await audioState(page))!.currentTime;
      await sidebar.getByRole('link', { name: label, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      expect(await bar.isVisible()).toBe(true);
      expect(await bar.getByTestId('bar-title').textContent()).toBe(title);
      await waitForAudioProgress(page, 0.2, before);
    }
    // The player screen opens between them; the bar and the sidebar stay.
    await bar.getByRole('link', { name: /^Open player/ }).click();
    await page.getByRole('slider', { name: 'Seek' }).first().waitFor();
    expect(await sidebar.isVisible()).toBe(true);
    expect(await bar.isVisible()).toBe(true);
  });

  it('space pauses and plays, the right arrow seeks 10 s, / opens Search with the box focused', async () => {
    const page = await desktop();
    await page.locator('[data-song-id]').first().click();
    await waitForAudioProgress(page, 0.5);
    await page.locator('body').click({ position: { x: 700, y: 5 } });
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page))!.paused).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page))!.paused).toBe(false);
    const at = (await audioState(page))!.currentTime;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audioState(page))!.currentTime).toBeGreaterThan(at + 8);
    await page.keyboard.press('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
  });
});
