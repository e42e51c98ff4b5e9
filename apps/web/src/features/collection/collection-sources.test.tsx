// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
      'album:al2': {
        kind: 'album',
        id: 'al2',
        title: 'Duets',
        image: null,
        songIds: ['song0001'],
        artists: [
          { id: 'ar7', name: 'Ana Ruiz' },
          { id: null, name: 'Bo Lee' },
        ],
        savedAt: 1,
      },
    },
  });
});
afterEach(cleanup);

const rows = () => [...document.querySelectorAll('[role="listitem"] [data-song-id]')].map((b) => b.getAttribute('data-song-id'));

describe('an album or playlist kept on the device, with no catalogue (SPEC: offline)', () => {
  it("lists the album's songs on the device, in the album's order, under its title and cover, and plays them", async () => {
    renderApp(<Album id="al1" />, { fetch: offline });
    await screen.findByRole('heading', { level: 1, name: 'Kept Album' });
    expect(rows()).toEqual(['song0003', 'song0001']);
    expect(document.querySelector('section img')!.getAttribute('src')).toBe('/images/al1.jpg');
    expect(screen.getByRole('button', { name: 'Remove download' }).getAttribute('title')).toBe('Available offline');
    fireEvent.click(screen.getByRole('button', { name: /^Song 1(?!\d)/ }));
    const { queue, currentIndex, isPlaying } = usePlayerStore.getState();
    expect(queue[currentIndex]?.id).toBe('song0001');
    expect(isPlaying).toBe(true);
  });

  it("names the album's artists as kept with it, each leading to their page (SPEC#list-screen-song-rows-name)", async () => {
    renderApp(<Album id="al2" />, { fetch: offline });
    await screen.findByRole('heading', { level: 1, name: 'Duets' });
    const byline = screen.getByTestId('collection-byline');
    expect(byline.textContent).toBe('Ana Ruiz, Bo Lee');
    expect(within(byline).getByRole('link', { name: 'Ana Ruiz' }).getAttribute('href')).toBe('/artist/ar7');
    expect(within(byline).queryByRole('link', { name: 'Bo Lee' })).toBeNull();
  });

  it('an album kept without its artists names the primary artists its kept songs share', async () => {
    renderApp(<Album id="al1" />, { fetch: offline });
    await screen.findByRole('heading', { level: 1, name: 'Kept Album' });
    expect(within(screen.getByTestId('collection-byline')).getByRole('link', { name: 'An Artist With A Long Name' }).getAttribute('href')).toBe('/artist/ar1');
  });

  it('keeps the catalogue album\'s artists with it when made available offline', async () => {
    const album = { id: 'al3', name: 'Online Album', description: '', type: 'album', year: 2020, playCount: null, language: 'english', explicitContent: false, url: '', songCount: 1, image: [],
      artists: { primary: [{ id: 'ar9', name: 'Cleo', role: 'primary_artists', type: 'artist', image: [], url: '' }], featured: [], all: [] }, songs: [songs[1]!] };
    const fetchAlbum = async (input: RequestInfo | URL): Promise<Response> =>
      String(input).includes('/albums') ? new Response(JSON.stringify({ success: true, data: album })) : new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/mp4' } });
    renderApp(<Album id="al3" />, { fetch: fetchAlbum });
    await screen.findByTestId('collection-byline');
    fireEvent.click(screen.getByRole('button', { name: 'Make available offline' }));
    await vi.waitFor(() => expect(useOfflineStore.getState().index.collections['album:al3']?.artists).toEqual([{ id: 'ar9', name: 'Cleo' }]));
  });

  it('lists a kept playlist the same way', async () => {
    renderApp(<Playlist id="pl1" />, { fetch: offline });
    await screen.findByRole('heading', { level: 1, name: 'Kept Mix' });
    expect(rows()).toEqual(['song0001']);
  });

  it("shows the catalogue's not-found answer over the kept copy", async () => {
    renderApp(<Album id="al1" />, { fetch: notFound });
    await screen.findByRole('heading', { level: 1, name: 'Not found' });
  });

  it('an album not kept lists nothing offline', async () => {
    renderApp(<Album id="other" />, { fetch: offline });
    await screen.findByText('No songs available');
    expect(rows()).toEqual([]);
    expect(screen.queryByText('Kept Album')).toBeNull();
  });
});
