// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { findToast } from '../../test/toast.js';
import { AddToPlaylistMenu } from './add-to-playlist-menu.js';
import { CreatePlaylistDialog } from './create-playlist-dialog.js';
import { hasPendingChanges, queueAdd, queuePlaylist, readPendingPlaylists } from './pending-changes.js';
import { PlaylistList } from './playlist-list.js';
import { UserPlaylistScreen } from './user-playlist-screen.js';
import { leavePlaylistScreen, offline, PlaylistsSync, signInWithPlaylist } from './testing.js';

let fake: FakeBackend;
const PENDING = 'Will be created when you are back online';

beforeEach(() => {
  fake = signInWithPlaylist();
});
afterEach(leavePlaylistScreen);

const catalogueFetch: typeof fetch = async (input) => {
  const id = decodeURIComponent(/\/songs\/([^/?]+)/.exec(String(input))?.[1] ?? '');
  return new Response(JSON.stringify({ success: true, data: [makeSong(id, { name: `Title ${id}` })] }), { status: 200 });
};
const backOnline = () => act(() => void window.dispatchEvent(new Event('online')));
const listed = () => within(screen.getByRole('list', { name: 'Your playlists' })).queryAllByRole('listitem').map((li) => li.querySelector('button')?.textContent);

function Library() {
  const [creating, setCreating] = useState(true);
  return (
    <>
      <PlaylistsSync />
      <AddToPlaylistMenu songId="s3" />
      <PlaylistList />
      <CreatePlaylistDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

async function showLibrary() {
  renderApp(<Library />);
  await waitFor(() => expect(listed()).toEqual(['Mix']));
}

async function createOffline(name: string) {
  fake.failNext('create', offline());
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Launch' }));
}

describe('a playlist created offline', () => {
  it("shows at once, marked as waiting ('playlist created' with the offline note), takes songs, and is created with them when back online", async () => {
    await showLibrary();
    await createOffline('Road trip');
    expect(await findToast('playlist created')).toEqual({
      type: 'success',
      description: 'You are offline: it will be created when you are back online.',
      action: null,
    });
    expect(listed()).toEqual(['Mix', `Road trip${PENDING}`]);
    expect(fake.docs.Playlist.map((p) => p.name)).toEqual(['Mix']);
    const [waiting] = readPendingPlaylists();
    expect(waiting).toEqual({ $id: expect.stringMatching(/^offline-/), name: 'Road trip', userId: 'u1' });

    // A song added to it waits for it: nothing reaches the server yet. The device is online
    // meanwhile, so the toast says what it waits for, not that the device is offline.
    expect(navigator.onLine).toBe(true);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Add to playlist' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Road trip' }));
    expect(await findToast('saved to playlist')).toEqual({
      type: 'success',
      description: 'It will be added once the playlist is created.',
      action: null,
    });
    expect(fake.docs.PlaylistSong).toEqual([]);
    expect(JSON.parse(localStorage.getItem(`playlist:${waiting!.$id}`)!)).toEqual(['s3']);

    backOnline();
    await waitFor(() => expect(fake.docs.Playlist.map((p) => p.name)).toEqual(['Mix', 'Road trip']));
    const created = fake.docs.Playlist[1]!;
    await waitFor(() => expect(fake.docs.PlaylistSong).toEqual([expect.objectContaining({ playlistId: created.$id, songId: 's3' })]));
    await waitFor(() => expect(listed()).toEqual(['Mix', 'Road trip']));
    expect(hasPendingChanges('u1')).toBe(false);
    expect(JSON.parse(localStorage.getItem(`playlist:${created.$id}`)!)).toEqual(['s3']);
    expect(localStorage.getItem(`playlist:${waiting!.$id}`)).toBeNull();
  });

  it('open on its screen, moves to its address on the server once created', async () => {
    function Screen() {
      const { id = '' } = useParams();
      return <UserPlaylistScreen key={id} id={id} />;
    }
    queuePlaylist({ $id: 'offline-1', name: 'Road trip', userId: 'u1' });
    localStorage.setItem('playlist:offline-1', JSON.stringify(['s1']));
    queueAdd({ playlistId: 'offline-1', songId: 's1', userId: 'u1' });
    fake.failNext('create', offline());
    const { router } = renderApp(
      <>
        <PlaylistsSync />
        <Screen />
      </>,
      { path: '/playlist/:id', at: '/playlist/offline-1', fetch: catalogueFetch },
    );
    expect(await screen.findByText(PENDING)).toBeDefined();
    await screen.findByRole('button', { name: /^Title s1/ });
    expect(screen.queryByRole('button', { name: 'Make available offline' })).toBeNull();

    backOnline();
    await waitFor(() => expect(fake.docs.Playlist).toHaveLength(2));
    const created = fake.docs.Playlist[1]!;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/playlist/${created.$id}`));
    await screen.findByRole('button', { name: /^Title s1/ });
    expect(screen.queryByText(PENDING)).toBeNull();
    expect(fake.docs.PlaylistSong).toEqual([expect.objectContaining({ playlistId: created.$id, songId: 's1' })]);
  });

  it("refused by the server once back online, it goes: 'Playlist not created, try after some time'", async () => {
    await showLibrary();
    await createOffline('Road trip');
    await findToast('playlist created');
    expect(listed()).toEqual(['Mix', `Road trip${PENDING}`]);
    fake.failNext('create', new FakeBackendError('Invalid document structure: Unknown attribute: "name"', 400, 'document_invalid_structure'));
    backOnline();
    expect(await findToast('Playlist not created, try after some time')).toEqual({ type: 'error', description: null, action: null });
    await waitFor(() => expect(listed()).toEqual(['Mix']));
    expect(hasPendingChanges('u1')).toBe(false);
    expect(fake.docs.Playlist.map((p) => p.name)).toEqual(['Mix']);
  });

  it('deleted before it reached the server, is never created', async () => {
    await showLibrary();
    await createOffline('Road trip');
    await findToast('playlist created');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Road trip' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Playlist Deleted Successfully')).toEqual({ type: 'success', description: null, action: null });
    expect(hasPendingChanges('u1')).toBe(false);
    backOnline();
    await act(async () => {});
    expect(listed()).toEqual(['Mix']);
    expect(fake.docs.Playlist.map((p) => p.name)).toEqual(['Mix']);
    expect(fake.calls.filter((c) => c.op === 'remove')).toEqual([]);
  });
});
