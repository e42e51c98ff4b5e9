/**
 * Search's All view in Debian Chromium against the built server over a small
 * tagged library: the top result, songs with their album and length, albums
 * found by their album artist, artists; a single CJK character finds the title
 * holding it. Screenshots of the view at phone and desktop size go to
 * LYRA_SCREENSHOTS when it is set.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { musicSubset, useServerAndBrowser } from './harness.js';
import { TAGGED, writeTaggedLibrary } from './tagged-library.js';

let musicDir = '';
const rig = useServerAndBrowser(() => {
  musicDir = musicSubset(0);
  writeTaggedLibrary(musicDir);
  return { musicDir, env: { LOUDNESS_SCAN: 'off' } };
});
afterAll(() => rmSync(musicDir, { recursive: true, force: true }));

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const region = (page: Page, name: string) => page.getByRole('tabpanel').getByRole('region', { name, exact: true });
const texts = (page: Page, name: string, selector: string) => region(page, name).locator(selector).allTextContents();

describe.each(SIZES)('search, All view, at $name size ($width x $height)', (size) => {
  it('shows the top result, then songs with album and length, albums by the artist, and artists', async () => {
    const page = await rig.open(`/search?q=${encodeURIComponent(TAGGED.lena)}&tab=all`, size);
    expect(await page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    const top = region(page, 'Top result');
    await top.waitFor({ timeout: 30_000 });
    expect(await top.getByRole('button').textContent()).toBe(`${TAGGED.lena}Artist`);
    // Her songs, each with its album and its length (the files are 3 and 4 seconds long).
    const songs = region(page, 'Songs');
    await expect.poll(() => songs.locator('li').count()).toBeGreaterThan(0);
    const rows = await songs.locator('li').allTextContents();
    const albums = [TAGGED.harbour, TAGGED.greatestHits, TAGGED.nightDrive, TAGGED.sunburn].join('|');
    for (const row of rows) expect(row).toMatch(new RegExp(`· (${albums})0:0[34]$`));
    if (process.env.LYRA_SCREENSHOTS) await page.screenshot({ path: join(process.env.LYRA_SCREENSHOTS, `search-all-${size.name}.png`) });
    // Her two albums, found by their album artist (neither is named after her).
    const albumNames = await texts(page, 'Albums', 'button[data-album-id]');
    expect(albumNames).toEqual(expect.arrayContaining([TAGGED.harbour, TAGGED.greatestHits]));
    expect(await texts(page, 'Artists', 'button[data-artist-id] span.font-medium')).toContain(TAGGED.lena);

    // 'See all' opens the Albums tab.
    await region(page, 'Albums').getByRole('button', { name: 'See all albums' }).click();
    expect(await page.getByRole('tab', { name: 'Albums' }).getAttribute('aria-selected')).toBe('true');
  });

  it('finds a title by a single CJK character', async () => {
    const page = await rig.open('/search?q=%E9%9B%A8&tab=all', size);
    const top = region(page, 'Top result');
    await top.waitFor({ timeout: 30_000 });
    expect(await top.getByRole('button').textContent()).toContain('東京の雨');
    expect(await region(page, 'Songs').locator('li').count()).toBe(1);
  });
});
