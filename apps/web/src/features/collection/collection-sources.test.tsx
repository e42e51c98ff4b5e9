// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { useOfflineStore } from '../offline/index.js';
import { usePlayerStore } from '../player/index.js';
import { CollectionScreen } from './collection-screen.js';
import { useAlbumView, usePlaylistView } from './collection-sources.js';

const songs = [makeSong(1), makeSong(2), makeSong(3)];
const initialPlayer = usePlayerStore.getState();
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};
const notFound = async () => new Response(JSON.stringify({ success: false, message: 'Album not found' }), { status: 404 });

function Album({ id }: { id: string }) {
  const view = useAlbumView(id);
  return view.notFound ? <h1>Not found</h1> : <CollectionScreen {...view} />;
}
function Playlist({ id }: { id: string }) {
  return <CollectionScreen {...usePlaylistView(id)} />;
}

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  // Kept on the device: songs 3 and 1 of an album whose song 2 is not yet downloaded, and a playlist.
  useOfflineStore.getState().setIndex({
    songs: Object.fromEntries([songs[0]!, songs[2]!].map((song) => [song.id, { song, bytes: 1, savedAt: 1 }])),
    collections: {
      'album:al1': { kind: 'album', id: 'al1', title: 'Kept Album', image: '/images/al1.jpg', songIds: ['song0003', 'song0002', 'song0001'], savedAt: 1 },
      'playlist:pl1': { kind: 'playlist', id: 'pl1', title: 'Kept Mix', image: null, songIds: ['song0001'], savedAt: 1 },
    },
  });
});
afterEach(cleanup);

const rows = () => [...document.querySelectorAll('[role="listitem"] [data-song-id]')].map((b) => b.getAttribute('data-song-id'));

describe('an album or playlist kept on the device, with no catalogue (SPEC: offline)', () => {
  it("lists the album's songs on the device, in the album's order, under its title and cover, and plays them", async () => {
    renderApp(<Album id="al1" />, { fetch: offline });
    await screen.findByRole('heading', { level: 1, name: 'Kept Album' }, { timeout: 10_000 });
    expect(rows()).toEqual(['song0003', 'song0001']);
    expect(document.querySelector('section img')!.getAttribute('src')).toBe('/images/al1.jpg');
    expect(screen.getByRole('button', { name: 'Remove download' }).getAttribute('title')).toBe('Available offline');
    fireEvent.click(screen.getByRole('button', { name: /^Song 1(?!\d)/ }));
    const { queue, currentIndex, isPlaying } = usePlayerStore.getState();
    expect(queue[currentIndex]?.id).toBe('song0001');
    expect(isPlaying).toBe(true);
  });

  it('lists a kept playlist the same way', async () => {
    renderApp(<Playlist id="pl1" />, { fetch: offline });
    await screen.findByRole('heading', { level: 1, name: 'Kept Mix' }, { timeout: 10_000 });
    expect(rows()).toEqual(['song0001']);
  });

  it("shows the catalogue's not-found answer over the kept copy", async () => {
    renderApp(<Album id="al1" />, { fetch: notFound });
    await screen.findByRole('heading', { level: 1, name: 'Not found' }, { timeout: 10_000 });
  });

  it('an album not kept lists nothing offline', async () => {
    renderApp(<Album id="other" />, { fetch: offline });
    await screen.findByText('No songs available', {}, { timeout: 10_000 });
    expect(rows()).toEqual([]);
    expect(screen.queryByText('Kept Album')).toBeNull();
  });
});
