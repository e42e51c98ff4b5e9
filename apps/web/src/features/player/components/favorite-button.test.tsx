// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../../shared/lib/backend-fake.js';
import { renderApp } from '../../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../../test/signed-in.js';
import { makeSongs } from '../../../test/songs.js';
import { useSessionStore } from '../../auth/index.js';
import { usePlayerStore } from '../player-store.js';
import { FavoriteButton } from './favorite-button.js';
import { findToast } from '../../../test/toast.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
const initialPlayer = usePlayerStore.getState();

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  act(() => usePlayerStore.getState().actions.playQueue(makeSongs(2), 0, false));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const heart = () => screen.getByRole('button', { name: /favorites$/ });

describe('favourite button signed in (SPEC#states-favourite-toggle-player)', () => {
  it("flips at once, stores the favourite after 500 ms: 'Added to favorites'; again: 'Removed from favorites'", async () => {
    renderApp(<FavoriteButton variant="mini" />);
    await act(async () => {}); // the favourites list loads
    const sendAdd = fake.hold('create');
    fireEvent.click(heart());
    // Shown before the server has it.
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(fake.docs.Favorite).toEqual([]);
    await act(async () => sendAdd());
    expect(await findToast('Added to favorites')).toEqual({ type: 'success', description: null, action: null });
    expect(fake.docs.Favorite).toEqual([expect.objectContaining({ userId: 'u1', songId: 'song0001' })]);
    expect(JSON.parse(localStorage.getItem('favorites')!)).toEqual(['song0001']);

    const sendRemoval = fake.hold('remove');
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(fake.docs.Favorite).toHaveLength(1);
    await act(async () => sendRemoval());
    expect(await findToast('Removed from favorites')).toEqual({ type: null, description: null, action: null });
    expect(fake.docs.Favorite).toEqual([]);
  });

  it("no answer keeps the heart on, queues the id in failedAddFavorites: \"Couldn't add to favorite. re-open the app\"", async () => {
    renderApp(<FavoriteButton variant="player" />);
    await act(async () => {});
    fake.failNext('create', new TypeError('Failed to fetch'));
    fireEvent.click(heart());
    expect(await findToast("Couldn't add to favorite. re-open the app")).toEqual({ type: 'error', description: null, action: null });
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(JSON.parse(localStorage.getItem('failedAddFavorites')!)).toEqual(['song0001']);
  });

  it('a tap while the favourites list is still loading survives the list arriving', async () => {
    fake.docs.Favorite.push({ $id: 'f0', userId: 'u1', songId: 'other' });
    const release = fake.hold('list');
    renderApp(<FavoriteButton variant="mini" />);
    fireEvent.click(heart());
    await act(async () => release());
    expect(await findToast('Added to favorites')).toEqual({ type: 'success', description: null, action: null });
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('favorites')!)).toEqual(['other', 'song0001']);
  });

  it('a refusal turns the heart back off', async () => {
    renderApp(<FavoriteButton variant="player" />);
    await act(async () => {});
    fake.failNext('create', new FakeBackendError('unauthorized', 401));
    fireEvent.click(heart());
    expect(await findToast("Couldn't add to favorite. re-open the app")).toEqual({ type: 'error', description: null, action: null });
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(JSON.parse(localStorage.getItem('failedAddFavorites') ?? '[]')).toEqual([]);
  });

  it("signed out, the player's button says 'Sign in to add to favorites' with a Sign in action to /profile", async () => {
    useSessionStore.setState({ user: null, checked: true });
    const { router } = renderApp(<FavoriteButton variant="player" />);
    fireEvent.click(heart());
    expect(await findToast('Sign in to add to favorites')).toEqual({ type: null, description: null, action: 'Sign in' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/profile');
    expect(fake.calls).toEqual([]);
  });
});
