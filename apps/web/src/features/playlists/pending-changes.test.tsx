// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { AddToPlaylistMenu } from './add-to-playlist-menu.js';
import { useSessionStore } from '../auth/index.js';
import {
  claimUnowned,
  dropAdd,
  hasPendingChanges,
  PENDING_ADDS_KEY,
  PENDING_REMOVALS_KEY,
  queueAdd,
  queuePlaylist,
  queueRemoval,
  readPendingAdds,
  readPendingRemovals,
  withPendingChanges,
} from './pending-changes.js';
import { sendPendingChanges } from './send-pending-changes.js';
import { UserPlaylistScreen } from './user-playlist-screen.js';
import { findToast } from '../../test/toast.js';
import { ADA, leavePlaylistScreen, offline, PlaylistsSync, signInWithPlaylist } from './testing.js';

let fake: FakeBackend;

beforeEach(() => {
  fake = signInWithPlaylist();
});
afterEach(leavePlaylistScreen);

/**
 * Waits until the sync has nothing in flight: joins the run going on, then one more for `userId`
 * (the account signed in), which sends nothing new. What was not sent by then never will be.
 */
const syncIdle = (userId: string) => act(() => sendPendingChanges(fake, createQueryClient(), userId));
const backOnline = () => act(() => void window.dispatchEvent(new Event('online')));
const catalogueFetch: typeof fetch = async (input) => {
  const id = decodeURIComponent(/\/songs\/([^/?]+)/.exec(String(input))?.[1] ?? '');
  return new Response(JSON.stringify({ success: true, data: [makeSong(id, { name: `Title ${id}` })] }), { status: 200 });
};
const link = (playlistId: string, ...songIds: string[]) =>
  songIds.forEach((songId) => fake.docs.PlaylistSong.push({ $id: `l-${playlistId}-${songId}`, playlistId, songId }));
const titles = () => screen.queryAllByRole('button', { name: /^Title/ }).map((b) => b.textContent?.replace(/^\d+/, '').replace(/An Artist.*/, ''));
const onServer = (playlistId: string) => fake.docs.PlaylistSong.filter((d) => d.playlistId === playlistId).map((d) => d.songId);
/** The playlist open on its screen, with the sync running as in the app. */
async function showMix() {
  renderApp(
    <>
      <PlaylistsSync />
      <UserPlaylistScreen id="p1" />
    </>,
    { path: '/playlist/p1', fetch: catalogueFetch },
  );
  await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s2', 'Title s3']));
}

describe('playlist additions made offline', () => {
  it('are kept once each, in order, and forgotten once sent', () => {
    queueAdd({ playlistId: 'p1', songId: 's1', userId: 'u1' });
    queueAdd({ playlistId: 'p1', songId: 's1', userId: 'u1' });
    queueAdd({ playlistId: 'p2', songId: 's2', userId: 'u1' });
    expect(readPendingAdds()).toEqual([
      { playlistId: 'p1', songId: 's1', userId: 'u1' },
      { playlistId: 'p2', songId: 's2', userId: 'u1' },
    ]);
    dropAdd({ playlistId: 'p1', songId: 's1' });
    expect(readPendingAdds()).toEqual([{ playlistId: 'p2', songId: 's2', userId: 'u1' }]);
    localStorage.setItem(PENDING_ADDS_KEY, '{"not":"a list"}');
    expect(readPendingAdds()).toEqual([]);
  });

  it("with no answer from the server: 'saved to playlist' with the offline note, then sent when the device is back online", async () => {
    fake.failNext('create', offline());
    renderApp(
      <>
        <PlaylistsSync />
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
    expect(readPendingAdds()).toEqual([{ playlistId: 'p1', songId: 's1', userId: 'u1' }]);
    // The playlist already shows it on this device.
    expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toContain('s1');

    backOnline();
    await waitFor(() => expect(fake.docs.PlaylistSong).toEqual([expect.objectContaining({ playlistId: 'p1', songId: 's1' })]));
    expect(readPendingAdds()).toEqual([]);
  });

  it('keeps them while the server still does not answer, and counts a song already there as sent', async () => {
    queueAdd({ playlistId: 'p1', songId: 's1', userId: 'u1' });
    queueAdd({ playlistId: 'p1', songId: 's2', userId: 'u1' });
    fake.docs.PlaylistSong.push({ $id: 'l1', playlistId: 'p1', songId: 's1' });
    fake.failNext('create', offline());
    renderApp(<PlaylistsSync />);
    await waitFor(() => expect(fake.calls.filter((c) => c.op === 'create')).toHaveLength(1));
    expect(readPendingAdds()).toHaveLength(2);
    backOnline();
    await waitFor(() => expect(readPendingAdds()).toEqual([]));
    expect(fake.docs.PlaylistSong.map((d) => d.songId).sort()).toEqual(['s1', 's2']);
  });
});

describe('playlist removals made offline', () => {
  it('a song has one change waiting, the latest: a removal replaces an addition and the other way round', () => {
    queueAdd({ playlistId: 'p1', songId: 's1', userId: 'u1' });
    queueRemoval({ playlistId: 'p1', songId: 's1', userId: 'u1', position: 0 });
    expect(readPendingAdds()).toEqual([]);
    expect(readPendingRemovals()).toEqual([{ playlistId: 'p1', songId: 's1', userId: 'u1', position: 0 }]);
    expect(withPendingChanges('p1', ['s1', 's2'])).toEqual(['s2']);
    queueAdd({ playlistId: 'p1', songId: 's1', userId: 'u1' });
    expect(readPendingRemovals()).toEqual([]);
    expect(withPendingChanges('p1', ['s2'])).toEqual(['s2', 's1']);
  });

  it("with no answer from the server: shown removed at once ('removed from playlist' with the offline note), sent when back online", async () => {
    link('p1', 's1', 's2', 's3');
    await showMix();
    fake.failNext('list', offline());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Title s2 from playlist' }));
    expect(await findToast('removed from playlist')).toEqual({
      type: 'success',
      description: 'You are offline: it will be removed when you are back online.',
      action: null,
    });
    expect(titles()).toEqual(['Title s1', 'Title s3']);
    expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toEqual(['s1', 's3']);
    expect(readPendingRemovals()).toEqual([{ playlistId: 'p1', songId: 's2', userId: 'u1', position: 1 }]);
    expect(onServer('p1')).toEqual(['s1', 's2', 's3']);

    backOnline();
    await waitFor(() => expect(onServer('p1')).toEqual(['s1', 's3']));
    expect(readPendingRemovals()).toEqual([]);
    expect(titles()).toEqual(['Title s1', 'Title s3']);
  });

  it('a read from the server before it is sent still shows the song removed', async () => {
    link('p1', 's1', 's2', 's3');
    queueRemoval({ playlistId: 'p1', songId: 's2', userId: 'u1', position: 1 });
    // The server cannot take the removal yet, but answers the read.
    fake.failNext('remove', new FakeBackendError('Server Error', 503));
    renderApp(
      <>
        <PlaylistsSync />
        <UserPlaylistScreen id="p1" />
      </>,
      { path: '/playlist/p1', fetch: catalogueFetch },
    );
    await waitFor(() => expect(fake.calls.some((c) => c.op === 'remove')).toBe(true));
    await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s3']));
    expect(readPendingRemovals()).toHaveLength(1);
  });

  it('a song already gone from the playlist counts as sent', async () => {
    link('p1', 's1', 's3');
    queueRemoval({ playlistId: 'p1', songId: 's2', userId: 'u1', position: 1 });
    const error = vi.spyOn(toast, 'error');
    renderApp(<PlaylistsSync />);
    await waitFor(() => expect(readPendingRemovals()).toEqual([]));
    expect(onServer('p1')).toEqual(['s1', 's3']);
    expect(error).not.toHaveBeenCalled();
  });

  it("a removal the server refuses once back online puts the song back where it was: \"couldn't remove, try again after sometime\"", async () => {
    link('p1', 's1', 's2', 's3');
    await showMix();
    fake.failNext('list', offline());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Title s2 from playlist' }));
    await waitFor(() => expect(readPendingRemovals()).toHaveLength(1));
    fake.failNext('remove', new FakeBackendError('The current user is not authorized to perform the requested action.', 401, 'user_unauthorized'));
    backOnline();
    expect(await findToast("couldn't remove, try again after sometime")).toEqual({ type: 'error', description: null, action: null });
    await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s2', 'Title s3']));
    expect(readPendingRemovals()).toEqual([]);
    expect(onServer('p1')).toEqual(['s1', 's2', 's3']);
  });
});

describe('playlist changes made offline, with more than one account on the device', () => {
  const bob = { $id: 'u2', name: 'Bob', email: 'b@example.com' };
  const signInAs = (user: typeof ADA) =>
    act(() => {
      fake.user = user;
      useSessionStore.setState({ user, checked: true });
    });
  const creates = () => fake.calls.filter((c) => c.op === 'create');

  it('are sent only while the account that made them is signed in; another account leaves them as they are', async () => {
    link('p1', 's2');
    queueAdd({ playlistId: 'p1', songId: 's1', userId: 'u1' });
    queueRemoval({ playlistId: 'p1', songId: 's2', userId: 'u1', position: 0 });
    fake.docs.Playlist.push({ $id: 'p2', name: 'Road trip', userId: 'u2' });
    queueAdd({ playlistId: 'p2', songId: 's9', userId: 'u2' });
    signInAs(bob);
    renderApp(<PlaylistsSync />);
    // Bob's own change goes; Ada's wait, untouched.
    await waitFor(() => expect(onServer('p2')).toEqual(['s9']));
    await syncIdle('u2');
    expect(onServer('p1')).toEqual(['s2']);
    expect(readPendingAdds()).toEqual([{ playlistId: 'p1', songId: 's1', userId: 'u1' }]);
    expect(readPendingRemovals()).toEqual([{ playlistId: 'p1', songId: 's2', userId: 'u1', position: 0 }]);

    signInAs(ADA);
    await waitFor(() => expect(onServer('p1')).toEqual(['s1']));
    expect(hasPendingChanges('u1')).toBe(false);
  });

  it('a run stops when another account signs in; what is left waits for its own account', async () => {
    queueAdd({ playlistId: 'p1', songId: 's1', userId: 'u1' });
    queueAdd({ playlistId: 'p1', songId: 's2', userId: 'u1' });
    const release = fake.hold('create');
    renderApp(<PlaylistsSync />);
    await waitFor(() => expect(creates()).toHaveLength(1));
    signInAs(bob);
    release();
    await waitFor(() => expect(onServer('p1')).toEqual(['s1']));
    await syncIdle('u2');
    expect(creates()).toHaveLength(1);
    expect(readPendingAdds()).toEqual([{ playlistId: 'p1', songId: 's2', userId: 'u1' }]);

    signInAs(ADA);
    await waitFor(() => expect(onServer('p1')).toEqual(['s1', 's2']));
  });

  it('stored before changes named their account, they are still read and sent', async () => {
    link('p1', 's2');
    localStorage.setItem(PENDING_ADDS_KEY, JSON.stringify([{ playlistId: 'p1', songId: 's1' }]));
    localStorage.setItem(PENDING_REMOVALS_KEY, JSON.stringify([{ playlistId: 'p1', songId: 's2', position: 0 }]));
    expect(readPendingAdds()).toEqual([{ playlistId: 'p1', songId: 's1', userId: null }]);
    renderApp(<PlaylistsSync />);
    await waitFor(() => expect(onServer('p1')).toEqual(['s1']));
    await waitFor(() => expect(hasPendingChanges('u1')).toBe(false));
  });

  it("stored before changes named their account, they become the first sending account's, or the account's of the playlist created offline they go to", () => {
    queuePlaylist({ $id: 'offline-1', name: 'Road trip', userId: 'u1' });
    localStorage.setItem(
      PENDING_ADDS_KEY,
      JSON.stringify([
        { playlistId: 'p2', songId: 's1' },
        { playlistId: 'offline-1', songId: 's3' },
        { playlistId: 'p1', songId: 's4', userId: 'u1' },
      ]),
    );
    localStorage.setItem(PENDING_REMOVALS_KEY, JSON.stringify([{ playlistId: 'p2', songId: 's2', position: 0 }]));
    claimUnowned('u2');
    expect(readPendingAdds()).toEqual([
      { playlistId: 'p2', songId: 's1', userId: 'u2' },
      { playlistId: 'offline-1', songId: 's3', userId: 'u1' },
      { playlistId: 'p1', songId: 's4', userId: 'u1' },
    ]);
    expect(readPendingRemovals()).toEqual([{ playlistId: 'p2', songId: 's2', userId: 'u2', position: 0 }]);
  });
});
