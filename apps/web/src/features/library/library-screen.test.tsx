// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeBackend } from '../../shared/lib/backend-fake.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { playlistSongsKey } from '../playlists/index.js';
import { LibraryScreen } from './library-screen.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
});

describe('Your Library (SPEC#library-title-your-library, SPEC#states-playlist-songs)', () => {
  it("reads the songs of all the user's playlists and keeps them per playlist", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `p${i}`);
    for (const id of ids) {
      fake.docs.Playlist.push({ $id: id, name: `List ${id}`, userId: 'u1' });
      for (const songId of ['a', id, 'a']) fake.docs.PlaylistSong.push({ $id: `l${fake.docs.PlaylistSong.length}`, playlistId: id, songId });
    }
    const queryClient = createQueryClient();
    renderApp(<LibraryScreen />, { path: '/library', queryClient });
    expect(isVisible(await screen.findByRole('button', { name: 'List p11' }))).toBe(true);
    await waitFor(() => expect(ids.map((id) => localStorage.getItem(`playlist:${id}`))).not.toContain(null));
    for (const id of ids) {
      expect(JSON.parse(localStorage.getItem(`playlist:${id}`)!)).toEqual(['a', id]);
      expect(queryClient.getQueryData(playlistSongsKey(id))).toEqual(['a', id]);
    }
    expect(fake.calls.filter((c) => c.op === 'list' && c.args[0] === 'PlaylistSong')).toHaveLength(12);
  });
});
