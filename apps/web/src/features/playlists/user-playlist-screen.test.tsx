// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { makeSong } from '../../test/songs.js';
import { fetchPlaylistSongIds } from './playlists-api.js';
import { playlistsQuery } from './playlists-query.js';
import { UserPlaylistScreen } from './user-playlist-screen.js';
import { findToast } from '../../test/toast.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
const catalogueFetch: typeof fetch = async (input) => {
  const id = decodeURIComponent(/\/songs\/([^/?]+)/.exec(String(input))?.[1] ?? '');
  return new Response(JSON.stringify({ success: true, data: [makeSong(id, { name: `Title ${id}` })] }), { status: 200 });
};

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

const link = (playlistId: string, ...songIds: string[]) =>
  songIds.forEach((songId) => fake.docs.PlaylistSong.push({ $id: `l-${playlistId}-${songId}`, playlistId, songId }));
const titles = () => screen.queryAllByRole('button', { name: /^Title/ }).map((b) => b.textContent?.replace(/^\d+/, '').replace(/An Artist.*/, ''));
const show = () => renderApp(<UserPlaylistScreen id="p1" />, { path: '/playlist/p1', fetch: catalogueFetch });

describe("a user's own playlist (SPEC#list-screen-shared-screen-songs, SPEC#states-playlist-song-removal)", () => {
  it('lists its songs under its name; each row removes the song', async () => {
    link('p1', 's1', 's2');
    show();
    await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s2']));
    expect(isVisible(screen.getByRole('heading', { name: 'Mix' }))).toBe(true);
    expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toEqual(['s1', 's2']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Title s1 from playlist' }));
    await waitFor(() => expect(titles()).toEqual(['Title s2']));
    await waitFor(() => expect(fake.docs.PlaylistSong.map((d) => d.songId)).toEqual(['s2']));
    expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toEqual(['s2']);
  });

  it("a removal the server refuses puts the song back: \"couldn't remove, try again after sometime\"", async () => {
    link('p1', 's1', 's2', 's3');
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    fake.failNext('list', new FakeBackendError('Server Error', 500));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Title s2 from playlist' }));
    expect(await findToast("couldn't remove, try again after sometime")).toEqual({ type: 'error', description: null, action: null });
    await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s2', 'Title s3']));
  });

  it('opened after the playlists were read, shows its songs at once, then reads it from the server once', async () => {
    link('p1', 's1', 's2');
    const queryClient = createQueryClient();
    await queryClient.fetchQuery(playlistsQuery(async () => fake, 'u1'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('playlist:p1')!)).toEqual(['s1', 's2']));
    link('p1', 's3'); // added on another device
    const songReads = () => fake.calls.filter((c) => c.op === 'list' && c.args[0] === 'PlaylistSong').length;
    const before = songReads();
    const release = fake.hold('list');
    renderApp(<UserPlaylistScreen id="p1" />, { path: '/playlist/p1', fetch: catalogueFetch, queryClient });
    await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s2']));
    release();
    await waitFor(() => expect(titles()).toEqual(['Title s1', 'Title s2', 'Title s3']));
    expect(songReads() - before).toBe(1);
  });

  it("empty: 'No songs available' and 'Playlist updations make take 5 mins'", async () => {
    show();
    expect(isVisible(await screen.findByText('No songs available'))).toBe(true);
    expect(isVisible(screen.getByText('Playlist updations make take 5 mins'))).toBe(true);
  });
});

describe('playlist songs (SPEC#data-calls-list-favourites-filtered)', () => {
  it('are fetched for 10 playlists at a time, in parallel, without duplicates', async () => {
    const ids = Array.from({ length: 23 }, (_, i) => `p${i}`);
    for (const id of ids) link(id, 'a', 'b');
    fake.docs.PlaylistSong.push({ $id: 'dup', playlistId: 'p0', songId: 'a' });
    let inFlight = 0;
    let max = 0;
    const list = fake.list.bind(fake);
    fake.list = async (...args) => {
      max = Math.max(max, ++inFlight);
      try {
        return await list(...args);
      } finally {
        inFlight--;
      }
    };
    const songs = await fetchPlaylistSongIds(fake, ids);
    expect(max).toBe(10);
    expect(songs.get('p0')).toEqual(['a', 'b']);
    expect([...songs.keys()]).toEqual(ids);
  });
});
