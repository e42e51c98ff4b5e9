import type { Playlist, Song } from '@lyra/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { createCatalogueClient } from './catalogue-client.js';
import { fetchSongsByIds, fetchWholePlaylist, remainingPlaylistPages, songIsGone } from './catalogue-queries.js';

/** A catalogue host serving one playlist of `size` songs, 50 per page at most, recording each request. */
function playlistHost(size: number, withTotal: boolean) {
  const paths: string[] = [];
  const songs: Song[] = Array.from({ length: size }, (_, i) => makeSong(i + 1));
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://host');
    paths.push(url.pathname + url.search);
    const limit = Number(url.searchParams.get('limit'));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const slice = songs.slice((page - 1) * limit, page * limit);
    const data: Partial<Playlist> = { id: 'p1', name: 'Long', songs: slice, songCount: slice.length || null, ...(withTotal ? { totalSongs: size } : {}) };
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  }) as typeof fetch;
  return { client: createCatalogueClient(['/api'], fetchFn), paths, songs };
}

describe('reading a whole catalogue playlist 50 songs at a time', () => {
  it('plans the pages after the first from totalSongs, or pages on when it is missing', () => {
    expect(remainingPlaylistPages(2000, 50)).toHaveLength(39);
    expect(remainingPlaylistPages(2000, 50)?.[0]).toBe(2);
    expect(remainingPlaylistPages(120, 50)).toEqual([2, 3]);
    expect(remainingPlaylistPages(undefined, 50)).toBeNull();
    expect(remainingPlaylistPages(undefined, 12)).toEqual([]);
    expect(remainingPlaylistPages(50, 50)).toEqual([]);
  });

  it('gets all 2,000 songs of a long playlist in order, 40 pages of 50', async () => {
    const { client, paths, songs } = playlistHost(2000, true);
    const playlist = await fetchWholePlaylist(client, 'p1');
    expect(playlist.songs.map((s) => s.id)).toEqual(songs.map((s) => s.id));
    expect(paths).toHaveLength(40);
    expect(paths[0]).toBe('/api/playlists?id=p1&limit=50&page=1');
  });

  it('without totalSongs, stops at the first page that comes back short', async () => {
    const { client, paths } = playlistHost(120, false);
    expect((await fetchWholePlaylist(client, 'p1')).songs).toHaveLength(120);
    expect(paths.map((p) => new URL(p, 'http://h').searchParams.get('page'))).toEqual(['1', '2', '3']);
    const exact = playlistHost(100, false);
    expect((await fetchWholePlaylist(exact.client, 'p1')).songs).toHaveLength(100);
    expect(exact.paths).toHaveLength(3);
  });

  it('asks for songs by id in one request and asks nothing for no ids', async () => {
    const seen: string[] = [];
    const client = createCatalogueClient(['/api'], (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ success: true, data: [makeSong('a b')] }));
    }) as typeof fetch);
    expect(await fetchSongsByIds(client, [])).toEqual([]);
    expect((await fetchSongsByIds(client, ['a b', 'c'])).map((s) => s.id)).toEqual(['a b']);
    expect(seen).toEqual(['/api/songs?ids=a%20b,c']);
  });
});

describe('asking whether a song is still in the library', () => {
  /** A host that answers each path with a status (404 in the catalogue's error shape) or throws. */
  const host = (answers: Record<string, number | 'down'>) =>
    createCatalogueClient(['/api'], (async (input: RequestInfo | URL) => {
      const answer = answers[String(input)] ?? 404;
      if (answer === 'down') throw new TypeError('Failed to fetch');
      if (answer === 200) return new Response(JSON.stringify({ success: true, data: [makeSong('kept')] }));
      return new Response(JSON.stringify({ success: false, message: 'song not found' }), { status: answer });
    }) as typeof fetch);

  it('is gone only when the catalogue answers that it has no such song', async () => {
    expect(await songIsGone(host({ '/api/songs/kept': 200 }), 'kept')).toBe(false);
    expect(await songIsGone(host({}), 'deleted')).toBe(true);
  });

  it('is not taken for gone when the catalogue gives no clear answer', async () => {
    expect(await songIsGone(host({ '/api/songs/x': 'down' }), 'x')).toBe(false);
    expect(await songIsGone(host({ '/api/songs/x': 503 }), 'x')).toBe(false);
  });
});
