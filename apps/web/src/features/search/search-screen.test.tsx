// @vitest-environment jsdom
import type { SearchAlbum } from '@lyra/contracts/catalogue';
import { notifyManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { useCategoryStore } from '../collection/index.js';
import { usePlayerStore } from '../player/index.js';
import { SearchScreen } from './search-screen.js';
import { findToast } from '../../test/toast.js';
import { isVisible } from '../../test/visible.js';

const initialPlayer = usePlayerStore.getState();
const album = (id: string, over: Partial<SearchAlbum> = {}): SearchAlbum => ({
  id,
  name: `Album ${id}`,
  description: '',
  url: '',
  year: 2011,
  type: 'album',
  playCount: null,
  language: 'english',
  explicitContent: false,
  artists: { primary: [], featured: [], all: [] },
  image: [],
  ...over,
});

/** A catalogue that answers search by type and records each request. */
function catalogue(options: { fail?: boolean } = {}) {
  const requests: URL[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    requests.push(url);
    if (options.fail) return new Response('{}', { status: 503 });
    const q = url.searchParams.get('query') ?? '';
    const results = url.pathname.endsWith('/songs')
      ? q === 'zzz'
        ? []
        : [makeSong(1, { name: 'Battle &amp; Epic' }), makeSong(2)]
      : url.pathname.endsWith('/albums')
        ? q === 'zzz'
          ? []
          : [album('a1'), album('a2', { artists: { primary: [{ id: 'x', name: 'Mira', role: '', type: 'artist', image: [], url: '' }], featured: [], all: [] } })]
        : url.pathname.endsWith('/artists') && q !== 'zzz'
          ? [{ id: 'ar-mira', name: 'Mira', role: 'Artist', type: 'artist', image: [], url: '' }]
          : [];
    return new Response(JSON.stringify({ success: true, data: { total: results.length, start: 1, results } }));
  }) as typeof fetch;
  return { requests, fetchFn };
}

const routes = [
  { path: '/player/:id', element: <h1>Player page</h1> },
  { path: '/album/:id', element: <h1>Album page</h1> },
  { path: '/artist/:id', element: <h1>Artist page</h1> },
];

const type = (text: string) => fireEvent.change(screen.getByRole('searchbox', { name: 'Search songs, artists, or albums' }), { target: { value: text } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** After the debounce, real timers again: queries and toasts settle on their own. */
const realTime = () => vi.useRealTimers();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Query updates reach React at once, not on a (faked) timer.
  notifyManager.setScheduler((cb) => cb());
  localStorage.clear();
  sessionStorage.clear();
  useCategoryStore.setState({ category: 'songs', playlistUrl: null });
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  notifyManager.setScheduler((cb) => setTimeout(cb, 0));
});

describe('Search (SPEC#search-text-box-placeholder, SPEC#search-no-query, SPEC#states-search, SPEC#validation-search, SPEC#errors-search-failure)', () => {
  it("shows the placeholder and the hint 'Search for Songs, Albums, Playlists, Artists' with no query", () => {
    renderApp(<SearchScreen />, { path: '/search' });
    expect(screen.getByRole('searchbox').getAttribute('placeholder')).toBe('Search songs, artists, or albums...');
    expect(isVisible(screen.getByText('Search for Songs, Albums, Playlists, Artists'))).toBe(true);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Songs', 'Albums', 'Playlists', 'Artists']);
  });

  it('searches once, 700 ms after the last keystroke, for 15 results', async () => {
    const { requests, fetchFn } = catalogue();
    renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', fetch: fetchFn });
    type('b');
    await wait(300);
    type('ba');
    await wait(300);
    type('bat');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('bat');
    await wait(699);
    expect(requests).toHaveLength(0);
    await wait(1);
    expect(requests.map((u) => u.pathname + u.search)).toEqual(['/api/search/songs?query=bat&limit=15']);
    realTime();
    expect(isVisible(await screen.findByRole('heading', { name: 'Search Results' }))).toBe(true);
    expect(isVisible(screen.getByText('Battle & Epic'))).toBe(true);
  });

  it('never searches a blank or whitespace-only query', async () => {
    const { requests, fetchFn } = catalogue();
    renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', fetch: fetchFn });
    type('   ');
    await wait(2_000);
    expect(requests).toHaveLength(0);
    expect(isVisible(screen.getByText('Search for Songs, Albums, Playlists, Artists'))).toBe(true);
  });

  it("says 'No Results Found' for an empty result", async () => {
    const { fetchFn } = catalogue();
    renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', fetch: fetchFn });
    type('zzz');
    await wait(700);
    realTime();
    expect(isVisible(await screen.findByText('No Results Found'))).toBe(true);
  });

  it('toasts SPEC’s message when the catalogue is down', async () => {
    realTime();
    const { fetchFn } = catalogue({ fail: true });
    renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', fetch: fetchFn });
    type('battle');
    // The search waits 700 ms, and the app retries once after a second.
    expect(
      await findToast('Currently the Server is down, Please try after sometime or you can listen to the most recent songs'),
    ).toEqual({ type: 'error', description: null, action: null });
  });

  it('a song result plays alone (the queue is cleared), opens /player/{id} and joins the history', async () => {
    const { fetchFn } = catalogue();
    act(() => usePlayerStore.getState().actions.playQueue([makeSong(7), makeSong(8)], 0, false));
    const { router } = renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', routes, fetch: fetchFn });
    type('bat');
    await wait(700);
    realTime();
    fireEvent.click(await screen.findByRole('button', { name: /^Song 2/ }));
    expect(router.state.location.pathname).toBe('/player/song0002');
    expect(usePlayerStore.getState().queue.map((s) => s.id)).toEqual(['song0002']);
    expect(JSON.parse(localStorage.getItem('searchHistory')!).map((e: { type: string; id: string }) => `${e.type}:${e.id}`)).toEqual(['song:song0002']);
  });

  it("add to queue says 'Song added to queue'", async () => {
    const { fetchFn } = catalogue();
    renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', fetch: fetchFn });
    type('bat');
    await wait(700);
    realTime();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Song 2 to queue' }));
    expect(await findToast('Song added to queue')).toEqual({ type: 'success', description: null, action: null });
  });

  it("the Albums tab lists albums with year, language and artists or 'Various Artists', opening /album/{id}", async () => {
    const { requests, fetchFn } = catalogue();
    const { router } = renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', routes, fetch: fetchFn });
    type('bat');
    fireEvent.click(screen.getByRole('tab', { name: 'Albums' }));
    expect(screen.getByRole('tab', { name: 'Albums' }).getAttribute('aria-selected')).toBe('true');
    await wait(700);
    expect(requests.map((u) => u.pathname)).toEqual(['/api/search/albums']);
    realTime();
    expect(isVisible(await screen.findByText('Various Artists'))).toBe(true);
    expect(isVisible(screen.getByText('Mira'))).toBe(true);
    expect(screen.getAllByText('2011 · English')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /^Album a1/ }));
    expect(router.state.location.pathname).toBe('/album/a1');
    expect(useCategoryStore.getState().category).toBe('albums');
  });

  it("an album card's artist names lead to the artists' pages; the rest of the card opens the album", async () => {
    const { fetchFn } = catalogue();
    const { router } = renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=albums', routes, fetch: fetchFn });
    type('bat');
    await wait(700);
    realTime();
    const mira = await screen.findByRole('link', { name: 'Mira' });
    expect(mira.getAttribute('href')).toBe('/artist/x');
    // The name is drawn above the card's stretched button, so a tap on it is the link's.
    expect(mira.closest('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Album a2' }).getAttribute('data-album-id')).toBe('a2');
    fireEvent.click(mira);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/artist/x'));
  });

  it('category userPlaylists is reset to songs', () => {
    useCategoryStore.setState({ category: 'userPlaylists' });
    renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs' });
    expect(useCategoryStore.getState().category).toBe('songs');
    expect(screen.getByRole('tab', { name: 'Songs' }).getAttribute('aria-selected')).toBe('true');
  });

  it('with no query shows the history; an entry reopens its type and can be removed', () => {
    localStorage.setItem(
      'searchHistory',
      JSON.stringify([album('a9', { type: 'album' }), { ...makeSong(3), type: 'song' }]),
    );
    const { router } = renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', routes });
    expect(screen.queryByText('Search for Songs, Albums, Playlists, Artists')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Song 3 from search history' }));
    expect(screen.queryByText('Song 3')).toBeNull();
    expect(JSON.parse(localStorage.getItem('searchHistory')!)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Album a9/ }));
    expect(router.state.location.pathname).toBe('/album/a9');
    expect(useCategoryStore.getState().category).toBe('albums');
  });

  it('the clear button empties the box and shows the hint again', async () => {
    const { fetchFn } = catalogue();
    renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=songs', fetch: fetchFn });
    type('bat');
    await wait(700);
    realTime();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(isVisible(screen.getByText('Search for Songs, Albums, Playlists, Artists'))).toBe(true);
  });
});

describe('Search: the All view', () => {
  it('is the tab open when a query is typed; a chosen tab stays in the address', async () => {
    const { fetchFn } = catalogue();
    const { router } = renderApp(<SearchScreen />, { path: '/search', fetch: fetchFn });
    type('bat');
    await wait(700);
    realTime();
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('region', { name: 'Top result' });
    fireEvent.click(screen.getByRole('tab', { name: 'Albums' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=bat&tab=albums'));
  });

  it('shows the top result, then songs with album and length, albums and artists, from the four searches', async () => {
    const { requests, fetchFn } = catalogue();
    renderApp(<SearchScreen />, { path: '/search', fetch: fetchFn });
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    type('bat');
    await wait(700);
    expect(requests.map((u) => u.pathname).sort()).toEqual(['/api/search/albums', '/api/search/artists', '/api/search/playlists', '/api/search/songs']);
    realTime();
    const top = await screen.findByRole('region', { name: 'Top result' });
    expect(isVisible(within(top).getByText('Battle & Epic'))).toBe(true);
    expect(isVisible(within(top).getByText('Song · An Artist With A Long Name'))).toBe(true);
    const songs = screen.getByRole('region', { name: 'Songs' });
    // The artists and the album are links, so the line is matched by its whole text.
    const line = (_: string, el: Element | null) => el?.tagName === 'SPAN' && el.textContent === 'An Artist With A Long Name · An Album';
    expect(within(songs).getAllByText(line)).toHaveLength(2);
    expect(within(songs).getAllByText('3:00')).toHaveLength(2);
    expect(isVisible(within(screen.getByRole('region', { name: 'Albums' })).getByText('Album a1'))).toBe(true);
    expect(isVisible(within(screen.getByRole('region', { name: 'Artists' })).getByText('Mira'))).toBe(true);
    expect(within(screen.getByRole('tabpanel')).getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Top result', 'Songs', 'Albums', 'Artists']);
  });

  it('makes an artist named as the query the top result, opening /artist/{id}', async () => {
    const { fetchFn } = catalogue();
    const { router } = renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=all', routes, fetch: fetchFn });
    type('mira');
    await wait(700);
    realTime();
    const top = await screen.findByRole('region', { name: 'Top result' });
    expect(isVisible(within(top).getByText('Artist'))).toBe(true);
    fireEvent.click(within(top).getByRole('button'));
    expect(router.state.location.pathname).toBe('/artist/ar-mira');
  });

  it('a song there plays alone (the queue is cleared) and opens /player/{id}, as in the Songs tab', async () => {
    const { fetchFn } = catalogue();
    act(() => usePlayerStore.getState().actions.playQueue([makeSong(7), makeSong(8)], 0, false));
    const { router } = renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=all', routes, fetch: fetchFn });
    type('bat');
    await wait(700);
    realTime();
    const songs = await screen.findByRole('region', { name: 'Songs' });
    fireEvent.click(within(songs).getByRole('button', { name: /^Song 2/ }));
    expect(router.state.location.pathname).toBe('/player/song0002');
    expect(usePlayerStore.getState().queue.map((s) => s.id)).toEqual(['song0002']);
  });

  it("'See all' opens the kind's tab; 'No Results Found' when nothing matched", async () => {
    const { fetchFn } = catalogue();
    renderApp(<SearchScreen />, { path: '/search', at: '/search?tab=all', fetch: fetchFn });
    type('bat');
    await wait(700);
    realTime();
    fireEvent.click(await screen.findByRole('button', { name: 'See all albums' }));
    expect(screen.getByRole('tab', { name: 'Albums' }).getAttribute('aria-selected')).toBe('true');
    expect(useCategoryStore.getState().category).toBe('albums');
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    type('zzz');
    expect(isVisible(await screen.findByText('No Results Found', {}, { timeout: 10_000 }))).toBe(true);
  });
});
