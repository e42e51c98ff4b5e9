// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../features/auth/session-store.js';
import { useCategoryStore } from '../../features/collection/category-store.js';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { LibraryRoute } from './library-route.js';
import { findToast } from '../../test/toast.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  useCategoryStore.getState().setCategory('songs');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
});

const library = () =>
  renderApp(<LibraryRoute />, {
    path: '/library',
    routes: [
      { path: '/favorites', element: <h1>Favorites page</h1> },
      { path: '/playlist/:id', element: <h1>Playlist page</h1> },
    ],
  });
const playlistNames = () => within(screen.getByRole('list', { name: 'Your playlists' })).getAllByRole('listitem').map((li) => li.querySelector('span')!.textContent);

async function createNamed(name: string) {
  fireEvent.click(screen.getByRole('button', { name: /Create New Playlist/ }));
  expect(isVisible(await screen.findByRole('heading', { name: 'Create Playlist' }))).toBe(true);
  expect(isVisible(screen.getByText('Enter the name of your playlist'))).toBe(true);
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Launch' }));
}

describe('Library (SPEC#library-title-your-library)', () => {
  it("has the title, the 'Create New Playlist' tile and the Favorites tile to /favorites", async () => {
    const { router } = library();
    expect(isVisible(screen.getByRole('heading', { name: 'Your Library' }))).toBe(true);
    expect(screen.getByRole('button', { name: /Create New Playlist/ }).textContent).toContain('Add your favorite songs');
    fireEvent.click(screen.getByRole('button', { name: 'Favorites' }));
    expect(router.state.location.pathname).toBe('/favorites');
  });

  it("signed out, the dialog says 'Sign in to create playlist' with Sign in to /profile", async () => {
    useSessionStore.setState({ user: null, checked: true });
    const { router } = library();
    fireEvent.click(screen.getByRole('button', { name: /Create New Playlist/ }));
    expect(isVisible(await screen.findByText('Sign in to create playlist'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Launch' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('creates a playlist: Launch is disabled with a spinner while submitting; success closes the dialog and lists it', async () => {
    library();
    const release = fake.hold('create');
    await createNamed('Road trip');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Launch' }).hasAttribute('disabled')).toBe(true));
    await act(async () => release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(playlistNames()).toEqual(['Road trip']));
    expect(fake.docs.Playlist).toEqual([expect.objectContaining({ name: 'Road trip', userId: 'u1' })]);
    expect(JSON.parse(localStorage.getItem('PlaylistMetadata')!)).toEqual([expect.objectContaining({ name: 'Road trip' })]);
    // Opening the dialog again starts with an empty name.
    fireEvent.click(screen.getByRole('button', { name: /Create New Playlist/ }));
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('');
  });

  it("a failed creation keeps the dialog open: 'Playlist not created, try after some time'", async () => {
    library();
    fake.failNext('create', new FakeBackendError('Server Error', 500));
    await createNamed('Road trip');
    expect(await findToast('Playlist not created, try after some time')).toEqual({ type: 'error', description: null, action: null });
    expect(isVisible(screen.getByRole('dialog'))).toBe(true);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Road trip');
  });

  it("deletes after confirming, showing 'Deleting': 'Playlist Deleted Successfully', gone from the list and the cache", async () => {
    fake.docs.Playlist.push({ $id: 'p1', name: 'Mix', userId: 'u1' }, { $id: 'p2', name: 'Chill', userId: 'u1' });
    fake.docs.PlaylistSong.push({ $id: 'l1', playlistId: 'p1', songId: 's1' });
    localStorage.setItem('playlist:p1', '["s1"]');
    library();
    await waitFor(() => expect(playlistNames()).toEqual(['Mix', 'Chill']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Mix' }));
    const release = fake.hold('remove');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toContain('Deleting');
    await act(async () => release());
    expect(await findToast('Playlist Deleted Successfully')).toEqual({ type: 'success', description: null, action: null });
    expect(playlistNames()).toEqual(['Chill']);
    expect(JSON.parse(localStorage.getItem('PlaylistMetadata')!).map((p: { name: string }) => p.name)).toEqual(['Chill']);
    expect(localStorage.getItem('playlist:p1')).toBeNull();
  });

  it("a failed delete keeps the playlist: \"Couldn't delete playlist\"", async () => {
    fake.docs.Playlist.push({ $id: 'p1', name: 'Mix', userId: 'u1' });
    library();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Mix' }));
    fake.failNext('remove', new TypeError('Failed to fetch'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast("Couldn't delete playlist")).toEqual({ type: 'error', description: null, action: null });
    expect(playlistNames()).toEqual(['Mix']);
  });

  it('tapping a playlist sets the category to userPlaylists, then opens /playlist/{id}', async () => {
    fake.docs.Playlist.push({ $id: 'p1', name: 'Mix', userId: 'u1' });
    const { router } = library();
    fireEvent.click(await screen.findByRole('button', { name: 'Mix' }));
    expect(useCategoryStore.getState().category).toBe('userPlaylists');
    expect(router.state.location.pathname).toBe('/playlist/p1');
  });

  it('shows PlaylistMetadata (younger than 24 hours) at once, then the server’s list', async () => {
    localStorage.setItem('PlaylistMetadata', JSON.stringify([{ $id: 'p9', name: 'Cached', userId: 'u1' }]));
    localStorage.setItem('PlaylistMetadataExpiryTime', String(Date.now() + 60_000));
    fake.docs.Playlist.push({ $id: 'p9', name: 'Renamed elsewhere', userId: 'u1' });
    const release = fake.hold('list');
    library();
    expect(playlistNames()).toEqual(['Cached']);
    await act(async () => release());
    await waitFor(() => expect(playlistNames()).toEqual(['Renamed elsewhere']));
    expect(JSON.parse(localStorage.getItem('PlaylistMetadata')!)).toEqual([{ $id: 'p9', name: 'Renamed elsewhere', userId: 'u1' }]);
  });
});
