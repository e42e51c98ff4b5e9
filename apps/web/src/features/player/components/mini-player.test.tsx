// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSongs } from '../../../test/songs.js';
import { renderApp } from '../../../test/render.js';
import { usePlayerStore } from '../player-store.js';
import { MiniPlayer } from './mini-player.js';
import { findToast } from '../../../test/toast.js';

const initial = usePlayerStore.getState();

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
});
afterEach(cleanup);

const routes = [{ path: '/player/:songId', element: <h1>Player page</h1> }];

describe('mini player (SPEC#chrome-mini-player)', () => {
  it('renders nothing without a current song', () => {
    renderApp(<MiniPlayer />);
    expect(screen.queryByRole('region', { name: 'Now playing' })).toBeNull();
  });

  it('shows the title and the first 20 characters of the primary artists; a tap opens the player', () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(2), 0, false));
    const { router } = renderApp(<MiniPlayer />, { routes });
    expect(screen.getByTestId('mini-title').textContent).toBe('Song 1');
    expect(screen.getByTestId('mini-artists').textContent).toBe('An Artist With A Lon');
    fireEvent.click(screen.getByRole('link', { name: 'Open player: Song 1' }));
    expect(router.state.location.pathname).toBe('/player/song0001');
  });

  it('play/pause follows the store and shows a spinner while loading', () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(2), 0, false));
    renderApp(<MiniPlayer />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    act(() => usePlayerStore.getState().actions.setLoading(true));
    expect(screen.getByRole('button', { name: 'Pause' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Pause' }).querySelector('.animate-spin')).not.toBeNull();
  });

  it('disables next on the last song', () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(2), 0, false));
    renderApp(<MiniPlayer />);
    const next = screen.getByRole('button', { name: 'Next song' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(usePlayerStore.getState().currentIndex).toBe(1);
    expect(next.disabled).toBe(true);
  });

  it("signed out, the favourite button says 'Sign in for favorites' / 'Click to sign in' with a Sign in action to /profile", async () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(1), 0, false));
    const { router } = renderApp(<MiniPlayer />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
    expect(await findToast('Sign in for favorites')).toEqual({ type: null, description: 'Click to sign in', action: 'Sign in' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/profile');
  });
});
