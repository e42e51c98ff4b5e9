/**
 * Set-up shared by the playlist screens' tests: Ada signed in to a fake
 * backend that holds her playlist 'Mix' (p1), and the playlists' background
 * sync as the app shell runs it.
 */
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { vi } from 'vitest';
import type { BackendDocument } from '../../shared/lib/backend.js';
import type { FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { usePlaylistsSync } from './use-playlists-sync.js';
import { UserPlaylistScreen } from './user-playlist-screen.js';

export const ADA = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
/** What a request made with no network throws. */
export const offline = () => new TypeError('Failed to fetch');

/** For beforeEach: a clean device, Ada signed in, her playlist p1 on the server (with `extra` fields), console errors kept quiet. */
export function signInWithPlaylist(extra: Partial<BackendDocument> = {}): FakeBackend {
  localStorage.clear();
  const fake = signInWithFakeBackend(ADA);
  fake.docs.Playlist.push({ $id: 'p1', name: 'Mix', userId: 'u1', ...extra });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return fake;
}

/** For afterEach: toasts, the screen and the session go. */
export function leavePlaylistScreen(): void {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
}

export function PlaylistsSync() {
  usePlaylistsSync();
  return null;
}

/** A user playlist's screen at /playlist/{id}, beside the sync. */
export const showPlaylistScreen = (id = 'p1') =>
  renderApp(
    <>
      <PlaylistsSync />
      <UserPlaylistScreen id={id} />
    </>,
    { path: '/playlist/:id', at: `/playlist/${id}` },
  );
