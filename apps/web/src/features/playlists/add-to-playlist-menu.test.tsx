// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { useSessionStore } from '../auth/index.js';
import { AddToPlaylistMenu } from './add-to-playlist-menu.js';
import { hasPendingChanges } from './pending-changes.js';
import { findToast } from '../../test/toast.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  fake.docs.Playlist.push({ $id: 'p1', name: 'Mix', userId: 'u1' });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
});

const openMenu = () => fireEvent.pointerDown(screen.getByRole('button', { name: 'Add to playlist' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });

describe('add to playlist (SPEC#player-full-screen-blurred, SPEC#validation-add-playlist-needs, SPEC#errors-playlists)', () => {
  it("saves the current song in the chosen playlist: 'saved to playlist'", async () => {
    renderApp(<AddToPlaylistMenu songId="s1" />);
    await waitFor(() => expect(fake.calls.some((c) => c.op === 'list')).toBe(true));
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mix' }));
    expect(await findToast('saved to playlist')).toEqual({ type: 'success', description: null, action: null });
    expect(fake.docs.PlaylistSong).toEqual([expect.objectContaining({ playlistId: 'p1', songId: 's1' })]);
  });

  it("the chosen playlist's kept songs get the song, though it was never opened", async () => {
    fake.docs.PlaylistSong.push({ $id: 'l1', playlistId: 'p1', songId: 's0' });
    renderApp(<AddToPlaylistMenu songId="s1" />);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toEqual(['s0']));
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mix' }));
    expect(await findToast('saved to playlist')).toEqual({ type: 'success', description: null, action: null });
    expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toEqual(['s0', 's1']);
  });

  it("a song already there: 'Could not add song {type}' with the refusal's type", async () => {
    fake.docs.PlaylistSong.push({ $id: 'l1', playlistId: 'p1', songId: 's1' });
    renderApp(<AddToPlaylistMenu songId="s1" />);
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mix' }));
    expect(await findToast('Could not add song document_already_exists')).toEqual({ type: 'error', description: null, action: null });
  });

  it.each([
    ['a server fault', new FakeBackendError('Server Error', 503, 'general_server_error')],
    ['a rate limit', new FakeBackendError('Rate limit for the current endpoint has been exceeded.', 429, 'general_rate_limit_exceeded')],
  ])("%s: 'Could not add song {type}' for 4 s, and the addition is not kept for later", async (_, refusal) => {
    const error = vi.spyOn(toast, 'error');
    renderApp(<AddToPlaylistMenu songId="s1" />);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toEqual([]));
    fake.failNext('create', refusal);
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mix' }));
    expect(await findToast(`Could not add song ${refusal.type}`)).toEqual({ type: 'error', description: null, action: null });
    expect(error).toHaveBeenCalledWith(`Could not add song ${refusal.type}`, { duration: 4000 });
    expect(screen.queryByText('saved to playlist')).toBeNull();
    expect(hasPendingChanges('u1')).toBe(false);
    expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toEqual([]);
    expect(fake.docs.PlaylistSong).toEqual([]);
  });

  it("signed out: 'Sign in to add to playlist' with Sign in to /profile, and no menu", async () => {
    useSessionStore.setState({ user: null, checked: true });
    const { router } = renderApp(<AddToPlaylistMenu songId="s1" />);
    openMenu();
    expect(await findToast('Sign in to add to playlist')).toEqual({ type: null, description: null, action: 'Sign in' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/profile');
  });
});
