/**
 * Artist and album pages in Debian Chromium against the built server over a tagged library
 * made here (e2e/tagged-library.ts), at a phone's and a desktop's size: an artist's counts are
 * the catalogue's, "Appears on" holds the compilation, featured artists stay on rows, artist and
 * album names lead to their pages (two albums share a name), and an unknown id is a 404.
 */
import { rmSync } from 'node:fs';
import type { Artist, ArtistRef, ArtistSearchResults } from '@lyra/contracts/catalogue';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { musicSubset, useServerAndBrowser } from './harness.js';
import { TAGGED, TAGGED_SONGS, writeTaggedLibrary } from './tagged-library.js';

let musicDir = '';
const rig = useServerAndBrowser(() => {
  musicDir = musicSubset(0);
  writeTaggedLibrary(musicDir);
  return { musicDir, env: { LOUDNESS_SCAN: 'off' } };
});
afterAll(() => rmSync(musicDir, { recursive: true, force: true }));

const api = async <T>(path: string): Promise<T> => ((await (await fetch(`${rig.server.url}/api${path}`)).json()) as { data: T }).data;
const artistId = async (name: string) =>
  (await api<ArtistSearchResults>(`/search/artists?query=${encodeURIComponent(name)}`)).results.find((a: ArtistRef) => a.name === name)!.id;

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe.each(SIZES)('artist and album pages at $name size ($width x $height)', (size) => {
  it("shows the artist's real counts, their albums, the compilation under Appears on, and featured artists on rows", async () => {
    const lenaId = await artistId(TAGGED.lena);
    const lena = await api<Artist>(`/artists/${lenaId}?songCount=50&albumCount=50`);
    // What the library holds: three songs of her own, one on the compilation, one where she is featured.
    const hers = TAGGED_SONGS.filter((s) => s.artist.includes(TAGGED.lena));
    expect(lena.totals).toMatchObject({ songs: hers.length, albums: 2, appearsOn: 2 });

    const page = await rig.open(`/artist/${lenaId}`, size);
    await heading1(page, TAGGED.lena).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('collection-stats').textContent())
      .toBe(`${hers.length} songs, 2 albums, ${lena.totals!.duration} sec`);
    const shelf = (name: string) => page.getByRole('region', { name, exact: true });
    const tiles = (name: string) => shelf(name).locator('[data-album-id]').allTextContents();
    expect((await tiles('Albums')).sort()).toEqual([TAGGED.greatestHits, TAGGED.harbour]);
    expect((await tiles('Appears on')).sort()).toEqual([TAGGED.nightDrive, TAGGED.sunburn]);
    expect(await shelf('Appears on').getByRole('link', { name: TAGGED.various }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2, name: 'Songs' }).count()).toBe(1);

    // "Sunburn — DJ X, Lena Park": the featured artist stays on the row.
    const songs = page.getByRole('list', { name: 'Songs' });
    await songs.scrollIntoViewIfNeeded();
    const sunburnRow = songs.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Sunburn', exact: true }) });
    await expect.poll(() => sunburnRow.getByRole('link').allTextContents()).toEqual(
      size.name === 'desktop' ? [TAGGED.djx, TAGGED.lena, TAGGED.sunburn] : [TAGGED.djx, TAGGED.lena],
    );

    // The compilation's tile opens it, and its album artist leads to the Various Artists page, which lists it.
    await shelf('Appears on').getByRole('link', { name: TAGGED.nightDrive }).click();
    await heading1(page, TAGGED.nightDrive).waitFor();
    await page.getByTestId('collection-byline').getByRole('link', { name: TAGGED.various }).click();
    await heading1(page, TAGGED.various).waitFor();
    await expect.poll(() => tiles('Albums')).toEqual([TAGGED.nightDrive]);
  });

  it('leads from names to their pages: two albums with one name each open their own, CJK and accents intact', async () => {
    const zoeId = await artistId(TAGGED.zoe);
    const page = await rig.open(`/artist/${zoeId}`, size);
    await heading1(page, TAGGED.zoe).waitFor({ timeout: 30_000 });
    expect((await page.getByRole('region', { name: 'Albums', exact: true }).locator('[data-album-id]').allTextContents()).sort()).toEqual(
      [TAGGED.greatestHits, TAGGED.cjkAlbum].sort(),
    );
    // Zoë's "Greatest Hits", not Lena Park's.
    await page.getByRole('region', { name: 'Albums', exact: true }).getByRole('link', { name: TAGGED.greatestHits }).click();
    await heading1(page, TAGGED.greatestHits).waitFor();
    const zoeHits = new URL(page.url()).pathname;
    await expect.poll(() => page.getByRole('list', { name: 'Songs' }).getByRole('button').first().textContent()).toBe('Élan');
    // The album header's artist name leads back to the artist.
    await page.getByTestId('collection-byline').getByRole('link', { name: TAGGED.zoe }).click();
    await heading1(page, TAGGED.zoe).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/artist/${encodeURIComponent(zoeId)}`);

    // Lena Park's "Greatest Hits" is another album at another address; a song row's artist name leads to her.
    const lenaId = await artistId(TAGGED.lena);
    await page.goto(`${rig.server.url}/artist/${lenaId}`);
    await page.getByRole('region', { name: 'Albums', exact: true }).getByRole('link', { name: TAGGED.greatestHits }).click();
    await heading1(page, TAGGED.greatestHits).waitFor();
    expect(new URL(page.url()).pathname).not.toBe(zoeHits);
    await page.getByRole('list', { name: 'Songs' }).getByRole('link', { name: TAGGED.lena }).first().click();
    await heading1(page, TAGGED.lena).waitFor();

    // The CJK album by its tile.
    await page.goto(`${rig.server.url}/artist/${zoeId}`);
    await page.getByRole('region', { name: 'Albums', exact: true }).getByRole('link', { name: TAGGED.cjkAlbum }).click();
    await heading1(page, TAGGED.cjkAlbum).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Songs' }).getByRole('button').first().textContent()).toBe('夜明け');
  });

  it("gives every artist a picture of their own, the same in Library's Artists as on their page", async () => {
    const lenaId = await artistId(TAGGED.lena);
    const lena = await api<Artist>(`/artists/${lenaId}`);
    // Her albums have no art: a picture made from her name, not the default logo.
    const picture = new URL(lena.image[1]!.url).pathname;
    expect(picture).toMatch(/^\/images\/ga1-/);
    const page = await rig.open('/library/artists', size);
    const row = page.locator(`[data-artist-id="${lenaId}"]`);
    await row.waitFor({ timeout: 30_000 });
    const image = row.locator('img');
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(new URL((await image.getAttribute('src'))!, rig.server.url).pathname).toBe(picture);
    // Once loaded it covers the initials shown meanwhile.
    await expect.poll(() => row.locator('[data-picture]').getAttribute('data-picture')).toBe('loaded');
    // Every artist listed has one, each their own.
    const sources = await page.locator('[data-artist-id] img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(sources.length).toBeGreaterThanOrEqual(4);
    expect(sources.every((src) => !src.includes('/images/default/'))).toBe(true);
    expect(new Set(sources).size).toBe(sources.length);
  });

  it("shows the 404 page, with a 404 status, for an album or artist the catalogue doesn't have", async () => {
    for (const path of ['/album/no-such-album', '/artist/no-such-artist']) {
      // A first visit, as from a link: no service worker answers for the server yet.
      const context = await rig.browser.newContext({ viewport: size });
      try {
        const page = await context.newPage();
        const res = await page.goto(`${rig.server.url}${path}`);
        expect(res?.status(), path).toBe(404);
        await page.getByText('Oops! Page not found').waitFor({ timeout: 30_000 });
        expect(await heading1(page, '404').count()).toBe(1);
      } finally {
        await context.close();
      }
    }
  });
});
