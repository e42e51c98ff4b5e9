// @vitest-environment jsdom
import type { HomeRows, Song } from '@lyra/contracts/catalogue';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong, makeSongs } from '../../test/songs.js';
import { usePlayerStore } from '../player/index.js';
import { HomeBelowFold } from './home-below-fold.js';
import { RecentPlaysRow } from './recent-plays-row.js';
import { SpeedListGrid } from './speed-list-grid.js';
import { isVisible } from '../../test/visible.js';

const initialPlayer = usePlayerStore.getState();
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { success: true, data } : { success: false, message: 'down' }), { status });

/** A catalogue of songs `s1..s40` answering songs by id, suggestions and Home rows; `down` fails everything. */
function catalogue(options: { down?: boolean; rows?: HomeRows } = {}) {
  const paths: string[] = [];
  const all = new Map(Array.from({ length: 40 }, (_, i) => [`s${i + 1}`, makeSong(`s${i + 1}`, { name: `Track ${i + 1}` })]));
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    paths.push(url.pathname + url.search);
    if (options.down) return json(null, 503);
    if (url.pathname === '/api/songs') {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      return json(ids.flatMap((id) => (all.has(id) ? [all.get(id)!] : [])));
    }
    if (url.pathname.endsWith('/suggestions')) return json([...all.values()].slice(20, 30));
    if (url.pathname === '/api/home/rows') return json(options.rows ?? { featuredSongId: null, rows: [] });
    return json(null, 404);
  }) as typeof fetch;
  return { paths, fetchFn };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
});
afterEach(cleanup);

describe('Speed List (SPEC#home-speed-list, SPEC#validation-speed-list-entries, SPEC#catalogue-api-songs-id-per, SPEC#limits-speed-list)', () => {
  it('shows nothing when nothing was played', () => {
    const { container } = renderApp(<SpeedListGrid />);
    expect(container.textContent).toBe('');
  });

  it('shows 18 skeleton tiles while loading, then the 15 most played, most played first', async () => {
    const counts = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`s${i + 1}`, i + 1]));
    localStorage.setItem('SpeedListSongs', JSON.stringify(counts));
    const { fetchFn, paths } = catalogue();
    renderApp(<SpeedListGrid />, { fetch: fetchFn });
    expect(screen.getAllByTestId('speed-list-skeleton')).toHaveLength(18);
    const region = await screen.findByRole('region', { name: 'Speed List' });
    await within(region).findByText('Track 20');
    const tiles = [...region.querySelectorAll('[data-song-id]')].map((b) => b.getAttribute('data-song-id'));
    expect(tiles).toEqual(Array.from({ length: 15 }, (_, i) => `s${20 - i}`));
    // Fetched in batches of 3, in the order shown.
    expect(paths).toEqual(['/api/songs?ids=s20,s19,s18', '/api/songs?ids=s17,s16,s15', '/api/songs?ids=s14,s13,s12', '/api/songs?ids=s11,s10,s9', '/api/songs?ids=s8,s7,s6']);
    // Two pages: 9 and 6.
    expect([...region.querySelectorAll('li')].map((li) => li.querySelectorAll('[data-song-id]').length)).toEqual([9, 6]);
  });

  it('a click loads the list as the queue and plays that song', async () => {
    localStorage.setItem('SpeedListSongs', JSON.stringify({ s1: 3, s2: 2, s3: 1 }));
    renderApp(<SpeedListGrid />, { fetch: catalogue().fetchFn });
    fireEvent.click(await screen.findByRole('button', { name: /^Track 2/ }));
    const { queue, currentIndex, isPlaying } = usePlayerStore.getState();
    expect(queue.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(currentIndex).toBe(1);
    expect(isPlaying).toBe(true);
  });

  it("says 'Error loading songs' / 'Please try again later' when the songs cannot be fetched", async () => {
    localStorage.setItem('SpeedListSongs', JSON.stringify({ s1: 1 }));
    renderApp(<SpeedListGrid />, { fetch: catalogue({ down: true }).fetchFn });
    expect(isVisible(await screen.findByText('Error loading songs'))).toBe(true);
    expect(isVisible(screen.getByText('Please try again later'))).toBe(true);
  });

  it('uses the fetched list cached in speedListCache without asking again', async () => {
    localStorage.setItem('SpeedListSongs', JSON.stringify({ s1: 2, s2: 1 }));
    const first = catalogue();
    renderApp(<SpeedListGrid />, { fetch: first.fetchFn });
    await screen.findByText('Track 2');
    cleanup();
    const second = catalogue();
    renderApp(<SpeedListGrid />, { fetch: second.fetchFn });
    expect(isVisible(screen.getByText('Track 2'))).toBe(true);
    expect(second.paths).toEqual([]);
  });
});

describe('Recent Plays (SPEC#home-recent-plays)', () => {
  it('shows the 10 most recent of recentSongs', () => {
    localStorage.setItem('recentSongs', JSON.stringify(makeSongs(30)));
    renderApp(<RecentPlaysRow />);
    const region = screen.getByRole('region', { name: 'Recent Plays' });
    expect(region.querySelectorAll('[data-song-id]')).toHaveLength(10);
    expect(region.querySelector('[data-song-id]')!.getAttribute('data-song-id')).toBe('song0001');
  });

  it('shows 10 more each time the end of the row comes into view, up to 30', () => {
    const observers: { cb: IntersectionObserverCallback; el?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(readonly cb: IntersectionObserverCallback) {
          observers.push({ cb });
        }
        observe(el: Element) {
          observers.at(-1)!.el = el;
        }
        disconnect() {}
      },
    );
    try {
      localStorage.setItem('recentSongs', JSON.stringify(makeSongs(30)));
      renderApp(<RecentPlaysRow />);
      const count = () => screen.getByRole('region', { name: 'Recent Plays' }).querySelectorAll('[data-song-id]').length;
      const endInView = () =>
        act(() => observers.at(-1)!.cb([{ isIntersecting: true, target: observers.at(-1)!.el! } as IntersectionObserverEntry], {} as IntersectionObserver));
      endInView();
      expect(count()).toBe(20);
      endInView();
      expect(count()).toBe(30);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a click plays the song and moves it to the front', () => {
    const songs = makeSongs(5);
    localStorage.setItem('recentSongs', JSON.stringify(songs));
    renderApp(<RecentPlaysRow />);
    fireEvent.click(screen.getByRole('button', { name: /^Song 4/ }));
    expect(JSON.parse(localStorage.getItem('recentSongs')!).map((s: Song) => s.id)).toEqual(['song0004', 'song0001', 'song0002', 'song0003', 'song0005']);
    expect(usePlayerStore.getState().queue[usePlayerStore.getState().currentIndex]!.id).toBe('song0004');
    const region = screen.getByRole('region', { name: 'Recent Plays' });
    expect(region.querySelector('[data-song-id]')!.getAttribute('data-song-id')).toBe('song0004');
  });

  it('is hidden when nothing was played', () => {
    renderApp(<RecentPlaysRow />);
    expect(screen.queryByRole('region', { name: 'Recent Plays' })).toBeNull();
  });
});

describe('curated rows from GET /api/home/rows', () => {
  const rows: HomeRows = {
    featuredSongId: null,
    rows: [
      { id: 'top-hits', title: 'Top Hits', kind: 'songs', layout: 'row', limit: 5, query: null, songs: makeSongs(7) },
      { id: 'english-hots', title: 'English hots', kind: 'songs', layout: 'row', limit: 10, query: null, songs: [makeSong('e1', { name: 'Rock &amp; Roll' })] },
      { id: 'quick-picks', title: 'Quick Picks', kind: 'songs', layout: 'carousel', limit: 15, query: null, songs: Array.from({ length: 12 }, (_, i) => makeSong(`s${i + 1}`)) },
      {
        id: 'curated-playlists',
        title: 'Made for You',
        kind: 'playlists',
        layout: 'row',
        limit: 14,
        query: null,
        playlists: Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, name: `List ${i}`, type: 'playlist' as const, image: [], url: `http://x/playlist/p${i}`, songCount: 12, language: 'english', explicitContent: false })),
      },
    ],
  };

  it('renders the rows in the server’s order, Top Hits with 5, names decoded, and stores them', async () => {
    const { fetchFn } = catalogue({ rows });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(<HomeBelowFold />, { fetch: fetchFn });
    await screen.findByRole('region', { name: 'Quick Picks' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.filter((h) => h !== 'Video Previews')).toEqual(['Top Hits', 'English hots', 'Quick Picks', 'Made for You']);
    expect(screen.getByRole('region', { name: 'Top Hits' }).querySelectorAll('[data-song-id]')).toHaveLength(5);
    expect(isVisible(screen.getByText('Rock & Roll'))).toBe(true);
    expect(JSON.parse(localStorage.getItem('EnglishSongs')!).data.id).toBe('english-hots');
    vi.restoreAllMocks();
  });

  it("Quick Picks come in groups of 5 with 'Play all'", async () => {
    const { fetchFn } = catalogue({ rows });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(<HomeBelowFold />, { fetch: fetchFn });
    const region = await screen.findByRole('region', { name: 'Quick Picks' });
    expect([...region.querySelectorAll('ul')].map((ul) => ul.querySelectorAll('[data-song-id]').length)).toEqual([5, 5, 2]);
    fireEvent.click(within(region).getByRole('button', { name: 'Play all' }));
    expect(usePlayerStore.getState().queue).toHaveLength(12);
    expect(usePlayerStore.getState().currentIndex).toBe(0);
    vi.restoreAllMocks();
  });

  it("Quick Picks hide and log 'No song IDs found in localStorage' when their ids could not be stored", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const setItem = Storage.prototype.setItem;
    // A full (or refused) storage: the Quick Picks row is never written.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === 'homeRow:quick-picks') throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const { fetchFn, paths } = catalogue({ rows });
    renderApp(<HomeBelowFold />, { fetch: fetchFn });
    await screen.findByRole('region', { name: 'Top Hits' });
    await vi.waitFor(() => expect(errors.mock.calls.flat()).toContain('No song IDs found in localStorage'), { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Quick Picks' })).toBeNull();
    expect(paths.filter((p) => p.startsWith('/api/songs'))).toEqual([]);
    vi.restoreAllMocks();
  });

  it("Quick Picks hide and log 'Failed to fetch quick play songs' when their songs cannot be fetched", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetchFn } = catalogue({ rows });
    const failingSongs = (async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/songs?') ? json(null, 503) : fetchFn(input)) as typeof fetch;
    renderApp(<HomeBelowFold />, { fetch: failingSongs });
    await screen.findByRole('region', { name: 'Top Hits' });
    await vi.waitFor(() => expect(errors.mock.calls.flat()).toContain('Failed to fetch quick play songs'), { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Quick Picks' })).toBeNull();
    vi.restoreAllMocks();
  });

  it('a playlist row shows 7; a tap sets the category to playlists, stores the url and opens /playlist/{id}', async () => {
    const { fetchFn } = catalogue({ rows });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderApp(<HomeBelowFold />, { fetch: fetchFn, routes: [{ path: '/playlist/:id', element: <h1>Playlist page</h1> }] });
    const region = await screen.findByRole('region', { name: 'Made for You' });
    expect(region.querySelectorAll('[data-playlist-id]')).toHaveLength(7);
    expect(within(region).getAllByText('English · 12 songs')).toHaveLength(7);
    fireEvent.click(within(region).getByRole('button', { name: /^List 3/ }));
    expect(router.state.location.pathname).toBe('/playlist/p3');
    const { useCategoryStore } = await import('../collection/index.js');
    expect(useCategoryStore.getState()).toMatchObject({ category: 'playlists', playlistUrl: 'http://x/playlist/p3' });
    vi.restoreAllMocks();
  });
});
