// @vitest-environment jsdom
import type { Album } from '@lyra/contracts/catalogue';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { LibraryAlbumRows } from './library-album-rows.js';

const album = (id: string, playCount: number) =>
  ({ id, name: `Album ${id}`, playCount, image: [], artists: { primary: [{ id: 'ar', name: 'Mira', role: '', type: 'artist', image: [], url: '' }], featured: [], all: [] } }) as unknown as Album;

function catalogue(bySort: Record<string, Album[]>) {
  const asked: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    asked.push(url.pathname + url.search);
    const results = bySort[url.searchParams.get('sort') ?? ''] ?? [];
    return new Response(JSON.stringify({ success: true, data: { total: results.length, start: 1, results } }));
  }) as typeof fetch;
  return { asked, fetchFn };
}

afterEach(cleanup);

/** The album ids of a row's tiles (each tile's title is the link to its album). */
const tileIds = (row: HTMLElement) => [...row.querySelectorAll('[data-album-id]')].map((a) => a.getAttribute('data-album-id'));

describe("Home's album rows", () => {
  it("shows Recently added, Most played albums and Random albums, 10 each, with 'See all' opening the Library list", async () => {
    const { asked, fetchFn } = catalogue({
      recent: [album('n1', 0), album('n2', 0)],
      plays: [album('p1', 9), album('p2', 0)],
      rediscover: [album('p1', 9), album('n1', 0)],
      random: [album('r1', 0)],
    });
    renderApp(<LibraryAlbumRows />, { fetch: fetchFn });
    const recent = await screen.findByRole('region', { name: 'Recently added' });
    expect(tileIds(recent)).toEqual(['n1', 'n2']);
    expect(within(recent).getByRole('link', { name: 'See all: Recently added' }).getAttribute('href')).toBe('/library/albums?sort=recent');
    // Only albums played at least once count as most played.
    const played = await screen.findByRole('region', { name: 'Most played albums' });
    expect(tileIds(played)).toEqual(['p1']);
    // Rediscover: played albums only, the longest unplayed first.
    const rediscover = await screen.findByRole('region', { name: 'Rediscover' });
    expect(tileIds(rediscover)).toEqual(['p1']);
    expect(within(rediscover).getByRole('link', { name: 'See all: Rediscover' }).getAttribute('href')).toBe('/library/albums?sort=rediscover');
    expect(within(await screen.findByRole('region', { name: 'Random albums' })).getByRole('link', { name: 'See all: Random albums' }).getAttribute('href')).toBe('/library/albums?sort=random');
    expect(asked.sort()).toEqual([
      '/api/library/albums?sort=plays&limit=10',
      '/api/library/albums?sort=random&limit=10',
      '/api/library/albums?sort=recent&limit=10',
      '/api/library/albums?sort=rediscover&limit=10',
    ]);
  });

  it('leaves out a row with nothing to show; a tap on a tile opens the album, on its artist the artist', async () => {
    const { fetchFn } = catalogue({ recent: [album('n1', 0)], plays: [album('p2', 0)], rediscover: [album('p2', 0)], random: [] });
    const { router } = renderApp(<LibraryAlbumRows />, { fetch: fetchFn, routes: [{ path: '/album/:id', element: <h1>Album page</h1> }] });
    const recent = await screen.findByRole('region', { name: 'Recently added' });
    expect(screen.queryByRole('region', { name: 'Most played albums' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Rediscover' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Random albums' })).toBeNull();
    expect(within(recent).getByRole('link', { name: 'Mira' }).getAttribute('href')).toBe('/artist/ar');
    fireEvent.click(within(recent).getByRole('link', { name: 'Album n1' }));
    expect(router.state.location.pathname).toBe('/album/n1');
  });
});
