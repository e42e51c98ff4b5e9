// @vitest-environment jsdom
import type { Album, Artist, ArtistRef } from '@lyra/contracts/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { renderApp } from '../../test/render.js';
import { AlbumRoute, ArtistRoute } from './collection-route.js';
import { isVisible } from '../../test/visible.js';

afterEach(cleanup);

const ref = (id: string, name: string): ArtistRef => ({ id, name, role: 'primary_artists', type: 'artist', image: [], url: '' });
const album = (id: string, name: string, artist: ArtistRef, extra: Partial<Album> = {}): Album => ({
  id,
  name,
  description: '',
  type: 'album',
  year: 2020,
  playCount: null,
  language: 'english',
  explicitContent: false,
  url: '',
  songCount: 2,
  artists: { primary: [artist], featured: [], all: [] },
  image: [],
  songs: null,
  ...extra,
});

const lena = ref('lena', 'Lena Park');
const various = ref('va', 'Various Artists');
const sunburn = makeSong('sunburn', {
  name: 'Sunburn',
  album: { id: 'sb', name: 'Sunburn', url: null },
  artists: { primary: [ref('djx', 'DJ X')], featured: [{ ...lena, role: 'featured_artists' }], all: [] },
});
const artist: Artist = {
  id: 'lena',
  name: 'Lena Park',
  url: '',
  type: 'artist',
  image: [],
  followerCount: null,
  fanCount: null,
  isVerified: false,
  dominantLanguage: null,
  dominantType: null,
  bio: [],
  dob: null,
  fb: null,
  twitter: null,
  wiki: null,
  availableLanguages: [],
  isRadioPresent: true,
  topSongs: [sunburn],
  topAlbums: [album('harbour', 'Harbour', lena)],
  singles: [],
  similarArtists: [],
  totals: { songs: 13, albums: 1, appearsOn: 1, duration: 3900 },
  appearsOn: [album('nd', 'Night Drive', various)],
};

/** The catalogue as our server answers: the artist, the album "Harbour", 404 for anything else. */
const catalogue: typeof fetch = async (input) => {
  const url = new URL(String(input), 'http://x');
  const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
  if (url.pathname === '/api/artists/lena') return ok(artist);
  if (url.pathname === '/api/albums' && url.searchParams.get('id') === 'harbour') {
    return ok({ ...album('harbour', 'Harbour', lena), description: '2018 · English Album · Lena Park', songs: [makeSong(1), makeSong(2)] });
  }
  return new Response(JSON.stringify({ success: false, message: 'not found' }), { status: 404 });
};

const routes = [
  { path: '/artist/:id', element: <ArtistRoute /> },
  { path: '/album/:id', element: <AlbumRoute /> },
];

describe('artist and album screens', () => {
  it("shows the artist's totals, then Albums, Appears on and Songs, with featured artists on rows", async () => {
    renderApp(<ArtistRoute />, { path: '/artist/:id', at: '/artist/lena', fetch: catalogue, routes: routes.slice(1) });
    expect((await screen.findByTestId('collection-stats')).textContent).toBe('13 songs, 1 album, 1 hr 5 min');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Albums', 'Appears on', 'Songs']);
    const appearsOn = screen.getByRole('region', { name: 'Appears on' });
    expect(within(appearsOn).getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe('/album/nd');
    expect(within(appearsOn).getByRole('link', { name: 'Various Artists' }).getAttribute('href')).toBe('/artist/va');
    const row = within(screen.getByRole('list', { name: 'Songs' })).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'DJ X' }).getAttribute('href')).toBe('/artist/djx');
    expect(within(row).getByRole('link', { name: 'Lena Park' }).getAttribute('href')).toBe('/artist/lena');
    expect(within(row).getByRole('link', { name: 'Sunburn' }).getAttribute('href')).toBe('/album/sb');
    // No role label for a performer.
    expect(screen.queryByText('Singer')).toBeNull();
  });

  it('names the album artist as a link and leaves the album cover off its rows', async () => {
    renderApp(<AlbumRoute />, { path: '/album/:id', at: '/album/harbour', fetch: catalogue, routes: routes.slice(0, 1) });
    const byline = await screen.findByTestId('collection-byline');
    expect(within(byline).getByRole('link', { name: 'Lena Park' }).getAttribute('href')).toBe('/artist/lena');
    expect(isVisible(screen.getByText('2018 · English Album'))).toBe(true);
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.querySelector('img')).toBeNull();
  });

  it('shows the 404 page for an album or artist the catalogue does not have', async () => {
    renderApp(<AlbumRoute />, { path: '/album/:id', at: '/album/nope', fetch: catalogue });
    expect((await screen.findByText('Oops! Page not found', undefined)).textContent).toBe('Oops! Page not found');
    cleanup();
    renderApp(<ArtistRoute />, { path: '/artist/:id', at: '/artist/nope', fetch: catalogue });
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeDefined();
  });
});
