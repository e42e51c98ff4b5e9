// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { makeSong } from '../../test/songs.js';
import { useOfflineStore } from '../offline/index.js';
import { installFakeOfflineDevice, type FakeOfflineDevice } from '../offline/testing.js';
import { DownloadsSection } from '../offline/ui.js';
import { AddToPlaylistMenu } from './add-to-playlist-menu.js';
import { useKeptPlaylists } from './kept-playlists.js';
import { UserPlaylistScreen } from './user-playlist-screen.js';

let fake: FakeBackend;
let device: FakeOfflineDevice;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
let catalogueUp = true;
const catalogueFetch: typeof fetch = async (input) => {
  if (!catalogueUp) throw new TypeError('Failed to fetch');
  const id = decodeURIComponent(/\/songs\/([^/?]+)/.exec(String(input))?.[1] ?? '');
  return new Response(JSON.stringify({ success: true, data: [makeSong(id, { name: `Title ${id}` })] }), { status: 200 });
};

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  fake.docs.Playlist.push({ $id: 'p1', name: 'Mix', userId: 'u1' });
  device = installFakeOfflineDevice();
  catalogueUp = true;
  // Profile → Download quality: Data saver (96 kbps).
  localStorage.setItem('offlineQuality', '96kbps');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  device.restore();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
});

const link = (playlistId: string, ...songIds: string[]) =>
  songIds.forEach((songId) => fake.docs.PlaylistSong.push({ $id: `l-${playlistId}-${songId}`, playlistId, songId }));
const titles = () => screen.queryAllByRole('button', { name: /^Title/ }).map((b) => b.textContent?.replace(/^\d+/, '').replace(/An Artist.*/, ''));
const audio = (...ids: string[]) => ids.map((id) => `https://music.example/media/${id}/96kbps.mp4`);

function KeptPlaylists() {
  useKeptPlaylists();
  return null;
}

const show = () =>
  renderApp(
    <>
      <KeptPlaylists />
      <AddToPlaylistMenu songId="s3" />
      <UserPlaylistScreen id="p1" />
      <DownloadsSection />
    </>,
    { path: '/playlist/p1', fetch: catalogueFetch },
  );

async function keepMix() {
  fireEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
  // Downloading takes a few steps per song: a wait longer than the default, for busy machines.
  await screen.findByRole('button', { name: 'Remove download' });
}

describe("the listener's own playlist, made available offline", () => {
  it('keeps its songs at the download quality and lists it in Downloads', async () => {
    link('p1', 's1', 's2');
    show();
    await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s2']));
    await keepMix();
    expect(device.fetched).toEqual(audio('s1', 's2'));
    expect(device.keptAudio()).toEqual(['s1', 's2']);
    expect(screen.getByRole('button', { name: 'Play Mix (downloaded)' }).textContent).toContain('2 of 2 songs');
  });

  it('follows its songs: a song added is fetched, a song removed leaves the device', async () => {
    link('p1', 's1', 's2');
    show();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await keepMix();

    fireEvent.pointerDown(screen.getByRole('button', { name: 'Add to playlist' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mix' }));
    await waitFor(() => expect(device.keptAudio()).toEqual(['s1', 's2', 's3']));
    expect(device.fetched).toEqual(audio('s1', 's2', 's3'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Title s1 from playlist' }));
    await waitFor(() => expect(device.keptAudio()).toEqual(['s2', 's3']));
    expect(useOfflineStore.getState().index.collections['userPlaylist:p1']?.songIds).toEqual(['s2', 's3']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play Mix (downloaded)' }).textContent).toContain('2 of 2 songs'));
  });

  it('a song removed that an album kept offline also holds stays on the device', async () => {
    link('p1', 's1', 's2');
    useOfflineStore.getState().setIndex({
      songs: { s1: { song: makeSong('s1', { name: 'Title s1' }), bytes: 1000, savedAt: 1 } },
      collections: { 'album:a1': { kind: 'album', id: 'a1', title: 'An Album', image: null, songIds: ['s1'], savedAt: 1 } },
    });
    show();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await keepMix();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Title s1 from playlist' }));
    await waitFor(() => expect(useOfflineStore.getState().index.collections['userPlaylist:p1']?.songIds).toEqual(['s2']));
    expect(Object.keys(useOfflineStore.getState().index.songs).sort()).toEqual(['s1', 's2']);
  });

  it('with no network (a new page load), still lists its kept songs', async () => {
    link('p1', 's1', 's2');
    const { unmount } = show();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await keepMix();
    unmount();
    // A new page load with neither the catalogue nor the backend reachable.
    catalogueUp = false;
    fake.failNext('list', new TypeError('Failed to fetch'));
    await act(async () => void show());
    await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s2']));
  });
});
