// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBackendForTests } from '../../../shared/lib/backend.js';
import { createFakeBackend } from '../../../shared/lib/backend-fake.js';
import { renderApp } from '../../../test/render.js';
import { makeSongs } from '../../../test/songs.js';
import { usePlayerStore } from '../player-store.js';
import { PlayerScreen } from './player-screen.js';

const initialPlayer = usePlayerStore.getState();
const songs = makeSongs(3);
const routes = [
  { path: '/artist/:id', element: <h1>Artist page</h1> },
  { path: '/album/:id', element: <h1>Album page</h1> },
];

beforeEach(() => {
  // Radix menus measure their trigger; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  localStorage.clear();
  setBackendForTests(createFakeBackend());
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  act(() => usePlayerStore.getState().actions.playQueue(songs, 0, false));
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  setBackendForTests(null);
  vi.unstubAllGlobals();
});

const show = (wide = false) => renderApp(<PlayerScreen song={songs[0]!} onBack={() => {}} wide={wide} />, { path: '/player/:id', at: '/player/song0001', routes });

describe('the player screen', () => {
  it("the artist's name opens the artist, the album's the album", async () => {
    const { router } = show();
    expect(screen.getByTestId('player-album').textContent).toBe('Album: An Album');
    fireEvent.click(screen.getByRole('link', { name: 'An Artist With A Long Name' }));
    await screen.findByRole('heading', { name: 'Artist page' });
    expect(router.state.location.pathname).toBe('/artist/ar1');
    void router.navigate(-1);
    fireEvent.click(await screen.findByRole('link', { name: 'An Album' }));
    await screen.findByRole('heading', { name: 'Album page' });
    expect(router.state.location.pathname).toBe('/album/al1');
  });

  it('More options offers Go to album, Go to artist, Add to playlist, Make available offline and Share', async () => {
    const { router } = show();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'More options' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent?.trim())).toEqual(['Go to album', 'Go to artist', 'Add to playlist', 'Make available offline', 'Share']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Go to artist' }));
    await screen.findByRole('heading', { name: 'Artist page' });
    expect(router.state.location.pathname).toBe('/artist/ar1');
  });

  it('on a desktop: no second transport, seek bar or volume (the player bar has them); the queue beside the cover', () => {
    show(true);
    expect(screen.queryByRole('button', { name: 'Next song' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByRole('button', { name: 'Queue', pressed: true })).not.toBeNull();
    expect(screen.getByTestId('queue-list').querySelectorAll('li')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Open queue' })).toBeNull();
  });
});
