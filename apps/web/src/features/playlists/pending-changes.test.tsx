// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { AddToPlaylistMenu } from './add-to-playlist-menu.js';
import { dropAdd, PENDING_ADDS_KEY, queueAdd, readPendingAdds } from './pending-adds.js';
import { usePlaylistsSync } from './use-playlists-sync.js';
import { findToast } from '../../test/toast.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
const offline = () => new TypeError('Failed to fetch');

beforeEach(() => {
  localStorage.clear();
  fake = signInWithFakeBackend(ada);
  fake.docs.Playlist.push({ $id: 'p1', name: 'Mix', userId: 'u1' });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  toast.dismiss();
  cleanup();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
});

function Sync() {
  usePlaylistsSync();
  return null;
}

describe('playlist additions made offline', () => {
  it('are kept once each, in order, and forgotten once sent', () => {
    queueAdd({ playlistId: 'p1', songId: 's1' });
    queueAdd({ playlistId: 'p1', songId: 's1' });
    queueAdd({ playlistId: 'p2', songId: 's2' });
    expect(readPendingAdds()).toEqual([{ playlistId: 'p1', songId: 's1' }, { playlistId: 'p2', songId: 's2' }]);
    dropAdd({ playlistId: 'p1', songId: 's1' });
    expect(readPendingAdds()).toEqual([{ playlistId: 'p2', songId: 's2' }]);
    localStorage.setItem(PENDING_ADDS_KEY, '{"not":"a list"}');
    expect(readPendingAdds()).toEqual([]);
  });

  it("with no answer from the server: 'saved to playlist' with the offline note, then sent when the device is back online", async () => {
    fake.failNext('create', offline());
    renderApp(
      <>
        <Sync />
        <AddToPlaylistMenu songId="s1" />
      </>,
    );
    await waitFor(() => expect(fake.calls.some((c) => c.op === 'list')).toBe(true));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Add to playlist' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mix' }));
    expect(await findToast('saved to playlist')).toEqual({
      type: 'success',
      description: 'You are offline: it will be added when you are back online.',
      action: null,
    });
    expect(fake.docs.PlaylistSong).toEqual([]);
    expect(readPendingAdds()).toEqual([{ playlistId: 'p1', songId: 's1' }]);
    // The playlist already shows it on this device.
    expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toContain('s1');

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(fake.docs.PlaylistSong).toEqual([expect.objectContaining({ playlistId: 'p1', songId: 's1' })]));
    expect(readPendingAdds()).toEqual([]);
  });

  it('keeps them while the server still does not answer, and counts a song already there as sent', async () => {
    queueAdd({ playlistId: 'p1', songId: 's1' });
    queueAdd({ playlistId: 'p1', songId: 's2' });
    fake.docs.PlaylistSong.push({ $id: 'l1', playlistId: 'p1', songId: 's1' });
    fake.failNext('create', offline());
    renderApp(<Sync />);
    await waitFor(() => expect(fake.calls.filter((c) => c.op === 'create')).toHaveLength(1));
    expect(readPendingAdds()).toHaveLength(2);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(readPendingAdds()).toEqual([]));
    expect(fake.docs.PlaylistSong.map((d) => d.songId).sort()).toEqual(['s1', 's2']);
  });
});
