// @vitest-environment jsdom
import type { Album, LibraryArtist, Song } from '@lyra/contracts/catalogue';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { usePlayerStore } from '../player/index.js';
import { AlbumsScreen, GenreAlbumsScreen } from './albums-screen.js';
import { ArtistsScreen } from './artists-screen.js';
import { GenresScreen } from './genres-screen.js';
import { LibraryScreen } from './library-screen.js';
import { SongsScreen } from './songs-screen.js';

const image = (id: string) => ['50x50', '150x150', '500x500'].map((quality) => ({ quality, url: `https://music.example/img/${id}/${quality}.jpg` }));

const album = (n: number): Album => ({
  id: `al${n}`,
  name: `Album ${n}`,
  description: '',
  type: 'album',
  year: 2000 + n,
  playCount: 0,
  language: 'english',
  explicitContent: false,
  url: '',
  songCount: 10,
  artists: { primary: [{ id: 'ar1', name: 'Mira Solen', role: 'primary_artists', type: 'artist', image: [], url: '' }], featured: [], all: [] },
  image: image(`al${n}`) as Album['image'],
  songs: null,
});

const artist = (n: number): LibraryArtist => ({
  id: `ar${n}`,
  name: `Artist ${n}`,
  role: 'Artist',
  type: 'artist',
  image: image(`ar${n}`) as LibraryArtist['image'],
  url: '',
  hasPicture: n !== 2,
  albumCount: 2,
  songCount: 12,
  playCount: 3,
});

/** A server of `total` items per list; records the addresses asked. */
function fakeServer(total: number) {
  const asked: URL[] = [];
  const page = <T,>(url: URL, make: (n: number) => T) => {
    const p = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const from = (p - 1) * limit;
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => make(from + i + 1));
    return { total, start: from + 1, results };
  };
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    const path = url.pathname.replace(/^\/api/, '');
    let data: unknown;
    if (path === '/library/albums') {
      const letters = url.searchParams.get('sort') === 'name' && url.searchParams.get('page') === '1' ? [{ letter: 'A', start: 0 }, { letter: 'C', start: 50 }] : undefined;
      data = { ...page(url, album), ...(letters ? { letters } : {}) };
    }
    else if (path === '/library/artists' && url.searchParams.has('q')) data = { total: 1, start: 1, results: [{ ...artist(9), name: 'Mira Solen' }] };
    else if (path === '/library/artists') data = page(url, artist);
    else if (path === '/library/songs') data = page(url, (n) => makeSong(n));
    else if (path === '/library/genres') data = { total: 2, results: [{ id: 'hip hop', name: 'Hip Hop', albumCount: 3 }, { id: 'jazz', name: 'Jazz', albumCount: 1 }] };
    else if (path === '/library/genres/hip%20hop/albums') data = { ...page(url, album), total: 3, results: [album(1), album(2), album(3)], genre: { id: 'hip hop', name: 'Hip Hop', albumCount: 3 } };
    else return new Response(JSON.stringify({ success: false, message: 'route not found' }), { status: 404 });
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  };
  return { fetch: fetch as typeof globalThis.fetch, asked };
}

const destination = (path: string, text: string) => ({ path, element: <h1>{text}</h1> });

const initialPlayer = usePlayerStore.getState();
beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('Library lists the whole collection', () => {
  it('Library offers Albums, Artists, Songs and Genres under its title, then Radio', () => {
    renderApp(<LibraryScreen />, { path: '/library' });
    const nav = screen.getByRole('navigation', { name: 'Browse your collection' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Albums', '/library/albums'],
      ['Artists', '/library/artists'],
      ['Songs', '/library/songs'],
      ['Genres', '/library/genres'],
      ['Radio', '/radio'],
    ]);
  });

  it('shows albums as covers with their count; a cover opens the album screen', async () => {
    const server = fakeServer(250);
    const { router } = renderApp(<AlbumsScreen />, { path: '/library/albums', fetch: server.fetch, routes: [destination('/album/:id', 'Album page')] });
    // The title is the album's link; the artist's name, beside it, links to the artist.
    const tile = (await screen.findByRole('link', { name: /^Album 1(?!\d)/ })).parentElement!;
    expect(tile.textContent).toBe('Album 1Mira Solen · 2001');
    expect(within(tile).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/album/al1', expect.stringMatching(/^\/artist\//)]);
    expect(screen.getByTestId('browse-count').textContent).toBe('250 albums');
    expect(server.asked[0]!.searchParams.get('sort')).toBe('name');
    // Only the rows on screen are in the page, and only the first page was asked for.
    expect(screen.getAllByRole('listitem').length).toBeLessThan(100);
    expect(server.asked.every((u) => u.searchParams.get('page') === '1')).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: /^Album 2(?!\d)/ }));
    await screen.findByRole('heading', { name: 'Album page' });
    expect(router.state.location.pathname).toBe('/album/al2');
  });

  it("covers are the server's 150 px pictures on tiles of up to 180 device pixels, its 500 px ones on larger tiles", async () => {
    // The page has no width here, so tiles are the narrowest (150 px).
    const cover = async () => {
      const tile = (await screen.findByRole('link', { name: /^Album 1(?!\d)/ })).parentElement!;
      return tile.querySelector('img')!.getAttribute('src');
    };
    renderApp(<AlbumsScreen />, { path: '/library/albums', fetch: fakeServer(20).fetch });
    expect(await cover()).toBe('https://music.example/img/al1/150x150.jpg');
    cleanup();
    Object.defineProperty(window, 'devicePixelRatio', { value: 2, configurable: true });
    try {
      renderApp(<AlbumsScreen />, { path: '/library/albums', fetch: fakeServer(20).fetch });
      expect(await cover()).toBe('https://music.example/img/al1/500x500.jpg');
    } finally {
      Object.defineProperty(window, 'devicePixelRatio', { value: 1, configurable: true });
    }
  });

  it('a list by name has a letter rail that jumps to where a letter starts; letters the list lacks do nothing', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const server = fakeServer(250);
    renderApp(<AlbumsScreen />, { path: '/library/albums', fetch: server.fetch });
    const rail = await screen.findByRole('navigation', { name: 'Jump to letter' });
    expect((screen.getByRole('button', { name: 'Jump to B' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to C' }));
    // jsdom lays nothing out: 2 tiles a row of 150px covers + captions (218px), so album 51 starts row 25,
    // brought up to just under the top bar.
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 25 * 218 - 64 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'year' } });
    await waitFor(() => expect(rail.isConnected).toBe(false));
  });

  it('a sort change goes into the address, is asked of the server and is remembered for next time', async () => {
    const server = fakeServer(5);
    const { router } = renderApp(<AlbumsScreen />, { path: '/library/albums', fetch: server.fetch });
    await screen.findByRole('link', { name: /Album 1/ });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'recent' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=recent'));
    await waitFor(() => expect(server.asked.at(-1)!.searchParams.get('sort')).toBe('recent'));
    expect(localStorage.getItem('librarySort:albums')).toBe('recent');
    cleanup();

    const again = fakeServer(5);
    renderApp(<AlbumsScreen />, { path: '/library/albums', fetch: again.fetch });
    await screen.findByRole('link', { name: /Album 1/ });
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('recent');
    expect(again.asked[0]!.searchParams.get('sort')).toBe('recent');
  });

  it("the address's sort wins over the one remembered; one the list does not have is ignored", async () => {
    localStorage.setItem('librarySort:songs', 'plays');
    const server = fakeServer(3);
    renderApp(<SongsScreen />, { path: '/library/songs', at: '/library/songs?sort=album', fetch: server.fetch });
    await screen.findByRole('button', { name: /^Song 1(?!\d)/ });
    expect(server.asked[0]!.searchParams.get('sort')).toBe('album');
    cleanup();
    const other = fakeServer(3);
    renderApp(<SongsScreen />, { path: '/library/songs', at: '/library/songs?sort=nonsense', fetch: other.fetch });
    await screen.findByRole('button', { name: /^Song 1(?!\d)/ });
    expect(other.asked[0]!.searchParams.get('sort')).toBe('plays');
  });

  it('a song row plays the tapped song with the next 9 as the queue', async () => {
    const server = fakeServer(1000);
    renderApp(<SongsScreen />, { path: '/library/songs', fetch: server.fetch });
    await screen.findByTestId('browse-count');
    fireEvent.click(await screen.findByRole('button', { name: /^Song 3(?!\d)/ }));
    await waitFor(() => expect(usePlayerStore.getState().queue).toHaveLength(10));
    const { queue, currentIndex, isPlaying } = usePlayerStore.getState();
    expect(queue.map((s) => s.id)).toEqual(Array.from({ length: 10 }, (_, i) => makeSong(i + 3).id));
    expect(currentIndex).toBe(0);
    expect(isPlaying).toBe(true);
    expect(screen.getByTestId('browse-count').textContent).toBe('1,000 songs');
  });

  it("a song near a page's end queues the next 9 from the page after it", async () => {
    const server = fakeServer(1000);
    renderApp(<SongsScreen />, { path: '/library/songs', fetch: server.fetch });
    await screen.findByRole('button', { name: /^Song 1(?!\d)/ });
    // Scroll to song 97 (rows of 60px): the rows there are read from the first page of 100.
    Object.defineProperty(window, 'scrollY', { value: 96 * 60, configurable: true });
    fireEvent.scroll(window);
    fireEvent.click(await screen.findByRole('button', { name: /^Song 97(?!\d)/ }));
    await waitFor(() => expect(usePlayerStore.getState().queue).toHaveLength(10));
    expect(usePlayerStore.getState().queue.map((s) => s.id)).toEqual(Array.from({ length: 10 }, (_, i) => makeSong(i + 97).id));
    expect(server.asked.some((u) => u.searchParams.get('page') === '2')).toBe(true);
  });

  it('back at a list (a reload, a history pop), it scrolls to where the listener was once the list is as tall as that', async () => {
    sessionStorage.setItem('scroll:/library/songs', JSON.stringify(5_000));
    // Where the window was asked to go, and how tall the list was then.
    const asked: [number, string][] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((x: number | ScrollToOptions, y?: number) => {
      asked.push([typeof x === 'object' ? (x.top ?? NaN) : y!, (document.querySelector('[role="list"][aria-label="Songs"]') as HTMLElement | null)?.style.height ?? 'no list']);
    }) as typeof window.scrollTo);
    renderApp(<SongsScreen />, { path: '/library/songs', fetch: fakeServer(1000).fetch });
    // The last ask is the one that counts (the virtualiser's own, as it starts, finds a short page).
    await waitFor(() => expect(asked.at(-1)).toEqual([5_000, `${1000 * 60}px`]));
  });

  it('an artist opens the artist screen; artists say what they hold', async () => {
    const server = fakeServer(3);
    const { router } = renderApp(<ArtistsScreen />, { path: '/library/artists', fetch: server.fetch, routes: [destination('/artist/:id', 'Artist page')] });
    const row = await screen.findByRole('link', { name: /Artist 2/ });
    expect(row.textContent).toContain('2 albums · 12 songs');
    fireEvent.click(row);
    await screen.findByRole('heading', { name: 'Artist page' });
    expect(router.state.location.pathname).toBe('/artist/ar2');
  });

  it('the quick filter goes into the address and is asked of the server; clearing it lists everything again', async () => {
    const server = fakeServer(5);
    const { router } = renderApp(<ArtistsScreen />, { path: '/library/artists', fetch: server.fetch });
    await screen.findByRole('link', { name: /Artist 1/ });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter artists' }), { target: { value: ' mira ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=mira'));
    await screen.findByRole('link', { name: /Mira Solen/ });
    expect(server.asked.at(-1)!.searchParams.get('q')).toBe('mira');
    expect(screen.queryByRole('link', { name: /Artist 1/ })).toBeNull();
    expect(screen.getByTestId('browse-count').textContent).toBe('1 artist');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByRole('link', { name: /Artist 1/ });
    expect(screen.getByTestId('browse-count').textContent).toBe('5 artists');
  });

  it('an artist shows initials until their picture has loaded, and keeps them without one or when it fails (no empty circle)', async () => {
    const server = fakeServer(3);
    renderApp(<ArtistsScreen />, { path: '/library/artists', fetch: server.fetch });
    const withPicture = await screen.findByRole('link', { name: /Artist 1/ });
    const avatar = withPicture.querySelector('[data-picture]')!;
    const img = withPicture.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://music.example/img/ar1/150x150.jpg');
    expect(avatar.getAttribute('data-picture')).toBe('initials');
    expect(withPicture.querySelector('[data-initials]')!.getAttribute('data-initials')).toBe('A1');
    fireEvent.load(img);
    expect(avatar.getAttribute('data-picture')).toBe('loaded');

    const without = screen.getByRole('link', { name: /Artist 2/ });
    expect(without.querySelector('img')).toBeNull();
    expect(without.querySelector('[data-initials]')!.getAttribute('data-initials')).toBe('A2');

    const broken = screen.getByRole('link', { name: /Artist 3/ });
    fireEvent.error(broken.querySelector('img')!);
    expect(broken.querySelector('img')).toBeNull();
    expect(broken.querySelector('[data-picture]')!.getAttribute('data-picture')).toBe('initials');
  });

  it('genres lead to their albums', async () => {
    const server = fakeServer(3);
    const { router } = renderApp(<GenresScreen />, {
      path: '/library/genres',
      fetch: server.fetch,
      routes: [{ path: '/library/genres/:name', element: <GenreAlbumsScreen genre="hip hop" /> }],
    });
    fireEvent.click(await screen.findByRole('link', { name: /^Hip Hop/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/genres/hip%20hop'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Hip Hop');
    await screen.findByRole('link', { name: /Album 3/ });
    expect(screen.getByTestId('browse-count').textContent).toBe('3 albums');
  });
});
