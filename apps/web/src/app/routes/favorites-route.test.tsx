// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../features/auth/session-store.js';
import { FavoritesRow } from '../../features/favorites/favorites-row.js';
import { usePlayerStore } from '../../features/player/player-store.js';
import type { FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { makeSong } from '../../test/songs.js';
import { FavoritesRoute } from './favorites-route.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
const observers: IntersectionObserverCallback[] = [];
const initialPlayer = usePlayerStore.getState();

/** The catalogue answers /songs/{id} with a made-up song of that id. */
const catalogueFetch: typeof fetch = async (input) => {
  const id = decodeURIComponent(/\/songs\/([^/?]+)/.exec(String(input))?.[1] ?? '');
  return new Response(JSON.stringify({ success: true, data: [makeSong(id, { name: `Title ${id}` })] }), { status: 200 });
};

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  observers.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback) {
        observers.push(cb);
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.unstubAllGlobals();
});

const like = (...ids: string[]) => ids.forEach((songId, i) => fake.docs.Favorite.push({ $id: `f${i}`, userId: 'u1', songId }));
const rows = () => within(screen.getByRole('list', { name: 'Favorite songs' })).queryAllByRole('button', { name: /^Title/ });
const open = () => renderApp(<FavoritesRoute />, { path: '/favorites', fetch: catalogueFetch });

describe('/favorites (SPEC#favorites-cover-image-first)', () => {
  it('renders nothing when signed out', () => {
    useSessionStore.setState({ user: null, checked: true });
    const { container } = open();
    expect(container.textContent).toBe('');
  });

  it("says 'No favorites found, add songs' when there are none", async () => {
    const { container } = open();
    expect(isVisible(await screen.findByText('No favorites found, add songs'))).toBe(true);
    expect(screen.getByTestId('favorites-count').textContent).toBe('0 songs');
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/logo.svg');
  });

  it('lists favourites newest first with the count; the cover is the first one', async () => {
    like('s1', 's2', 's3');
    const { container } = open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(container.querySelector('img')!.getAttribute('src')).toBe('https://music.example/img/s3/500.jpg');
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Title s3'), expect.stringContaining('Title s2'), expect.stringContaining('Title s1')]);
    expect(isVisible(screen.getByRole('heading', { name: 'Favorites' }))).toBe(true);
    expect(screen.getByTestId('favorites-count').textContent).toBe('3 songs');
    expect(JSON.parse(localStorage.getItem('favorites')!)).toEqual(['s1', 's2', 's3']);
  });

  it('loads pages of 10 as the end comes into view, until none is left', async () => {
    like(...Array.from({ length: 23 }, (_, i) => `s${i}`));
    open();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const reachEnd = () => act(() => observers.at(-1)!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    reachEnd();
    await waitFor(() => expect(rows()).toHaveLength(20));
    reachEnd();
    await waitFor(() => expect(rows()).toHaveLength(23));
    const count = observers.length;
    reachEnd();
    expect(observers.length).toBe(count);
    expect(rows()).toHaveLength(23);
  });

  it('a tap makes the song current with the loaded favourites as the queue', async () => {
    like('s1', 's2', 's3');
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(rows()[1]!);
    const s = usePlayerStore.getState();
    expect(s.queue.map((x) => x.id)).toEqual(['s3', 's2', 's1']);
    expect(s.currentIndex).toBe(1);
  });

  it('uses the cached list while it is younger than 5 hours', async () => {
    localStorage.setItem('favorites', '["c1","c2"]');
    localStorage.setItem('expiryTime', String(Date.now() + 60_000));
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fake.calls).toEqual([]);
  });
});

describe('Home Favorites row (SPEC#home-top-bottom-shown, SPEC#limits-favourites)', () => {
  it('shows up to 10 random favourites, two columns of 4 per page', async () => {
    like(...Array.from({ length: 14 }, (_, i) => `s${i}`));
    renderApp(<FavoritesRow />, { fetch: catalogueFetch });
    await waitFor(() => expect(screen.getAllByTestId('favorites-page')).toHaveLength(2));
    const pages = screen.getAllByTestId('favorites-page').map((p) => within(p).getAllByRole('button').length);
    expect(pages).toEqual([8, 2]);
    expect(isVisible(screen.getByRole('heading', { name: 'Favorites' }))).toBe(true);
  });

  it('is absent when signed out or without favourites', async () => {
    const { container } = renderApp(<FavoritesRow />, { fetch: catalogueFetch });
    await waitFor(() => expect(fake.calls.length).toBeGreaterThan(0));
    expect(container.textContent).toBe('');
  });
});
