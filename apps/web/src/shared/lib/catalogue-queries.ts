import { queryOptions } from '@tanstack/react-query';
import type { Album, Artist, HomeRows, Playlist, Song, SongSearchResults } from '@lyra/contracts/catalogue';
import type { CatalogueClient } from './catalogue-client.js';
import { CatalogueError } from './catalogue-client.js';
import { COLLECTION_STALE_MS } from './query-client.js';

/**
 * One query-options factory per catalogue read (style.md §7.5 rule 7). Keys
 * start with the host list's id so data from different mirrors never mixes.
 * Limits: SPEC §7/§9 (search and suggestions 15 by default, playlists 50).
 */
const key = (c: CatalogueClient, ...rest: unknown[]) => ['catalogue', c.hostId, ...rest] as const;
const q = encodeURIComponent;

export const songQuery = (c: CatalogueClient, id: string) =>
  queryOptions({
    queryKey: key(c, 'song', id),
    queryFn: async ({ signal }) => {
      // SPEC §7: /songs/{id} answers a list; the first entry is the song.
      const songs = await c.get<Song[]>(`/songs/${q(id)}`, { signal });
      const song = Array.isArray(songs) ? songs[0] : undefined;
      if (!song) throw new CatalogueError('song not found', 404);
      return song;
    },
  });

export const searchSongsQuery = (c: CatalogueClient, term: string, limit = 15, page = 0) =>
  queryOptions({
    queryKey: key(c, 'search', 'songs', term, limit, page),
    queryFn: ({ signal }) =>
      c.get<SongSearchResults>(`/search/songs?query=${q(term)}&limit=${limit}${page ? `&page=${page}` : ''}`, { signal }),
    enabled: term.trim() !== '',
  });

export const suggestionsQuery = (c: CatalogueClient, id: string, limit = 15) =>
  queryOptions({
    queryKey: key(c, 'suggestions', id, limit),
    queryFn: ({ signal }) => c.get<Song[]>(`/songs/${q(id)}/suggestions?id=${q(id)}&limit=${limit}`, { signal }),
  });

export const albumQuery = (c: CatalogueClient, id: string) =>
  queryOptions({
    queryKey: key(c, 'album', id),
    queryFn: ({ signal }) => c.get<Album>(`/albums?id=${q(id)}`, { signal }),
    staleTime: COLLECTION_STALE_MS,
  });

export const playlistQuery = (c: CatalogueClient, id: string, limit = 50) =>
  queryOptions({
    queryKey: key(c, 'playlist', id, limit),
    queryFn: ({ signal }) => c.get<Playlist>(`/playlists?id=${q(id)}&limit=${limit}`, { signal }),
    staleTime: COLLECTION_STALE_MS,
  });

export const artistQuery = (c: CatalogueClient, id: string) =>
  queryOptions({
    queryKey: key(c, 'artist', id),
    queryFn: ({ signal }) => c.get<Artist>(`/artists/${q(id)}`, { signal }),
    staleTime: COLLECTION_STALE_MS,
  });

/** Our server's Home rows (catalogue mirrors do not have them). */
export const homeRowsQuery = (c: CatalogueClient) =>
  queryOptions({
    queryKey: key(c, 'home', 'rows'),
    queryFn: ({ signal }) => c.get<HomeRows>('/home/rows', { signal }),
  });
