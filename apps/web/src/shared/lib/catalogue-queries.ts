import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  Album,
  AlbumSearchResults,
  Artist,
  ArtistSearchResults,
  HomeRows,
  Playlist,
  PlaylistSearchResults,
  Song,
  SongSearchResults,
} from '@lyra/contracts/catalogue';
import type { CatalogueClient } from './catalogue-client.js';
import { CatalogueError } from './catalogue-client.js';
import { COLLECTION_STALE_MS } from './query-client.js';

/**
 * One query-options factory per catalogue read (style.md §7.5 rule 7). Keys
 * start with the host list's id so data from different mirrors never mixes.
 * Limits: SPEC#limits-catalogue (search and suggestions 15 by default, playlists 50).
 */
export const CATALOGUE_KEY = ['catalogue'] as const;
/** A catalogue read's key: the host list's id, then what is read (features' own catalogue reads start with it too). */
export const catalogueKey = <T extends unknown[]>(c: CatalogueClient, ...rest: T) => [...CATALOGUE_KEY, c.hostId, ...rest] as const;
const key = catalogueKey;
const q = encodeURIComponent;

/** The catalogue said it has no such thing (a song, an album, an artist). */
export const isNotFound = (e: unknown): boolean => e instanceof CatalogueError && e.status === 404;

/** SPEC#catalogue-api-songs-id-per: /songs/{id} answers a list; the first entry is the song. None: a 404 CatalogueError. */
async function fetchSong(c: CatalogueClient, id: string, signal?: AbortSignal): Promise<Song> {
  const songs = await c.get<Song[]>(`/songs/${q(id)}`, { signal });
  const song = Array.isArray(songs) ? songs[0] : undefined;
  if (!song) throw new CatalogueError('song not found', 404);
  return song;
}

export const songQuery = (c: CatalogueClient, id: string) =>
  queryOptions({
    queryKey: key(c, 'song', id),
    queryFn: ({ signal }) => fetchSong(c, id, signal),
  });

/**
 * The catalogue data of songs, in the order asked: `known` first (a cache of
 * the caller's), else the query cache or the catalogue; songs it cannot find
 * are left out.
 */
export async function catalogueSongs(
  queryClient: QueryClient,
  c: CatalogueClient,
  ids: readonly string[],
  known: (id: string) => Song | undefined = () => undefined,
): Promise<Song[]> {
  const found = await Promise.all(ids.map((id) => known(id) ?? queryClient.fetchQuery(songQuery(c, id)).catch(() => null)));
  return found.filter((s): s is Song => s != null);
}

/**
 * True when the catalogue answers that it has no such song (its file was deleted);
 * false when it has it, or gave no clear answer (no host reachable, a server error).
 */
export async function songIsGone(c: CatalogueClient, id: string): Promise<boolean> {
  try {
    await fetchSong(c, id);
    return false;
  } catch (e) {
    return isNotFound(e);
  }
}

export const searchSongsQuery = (c: CatalogueClient, term: string, limit = 15, page = 0) =>
  queryOptions({
    queryKey: key(c, 'search', 'songs', term, limit, page),
    queryFn: ({ signal }) =>
      c.get<SongSearchResults>(`/search/songs?query=${q(term)}&limit=${limit}${page ? `&page=${page}` : ''}`, { signal }),
    enabled: term.trim() !== '',
  });

/**
 * Song search a page at a time (SPEC's limit of 15 per request); the next page
 * is asked for while fewer than `total` songs are loaded. Pages are 1-based
 * (catalogue-api.md §3.1).
 */
export const searchSongsPagesQuery = (c: CatalogueClient, term: string, limit = 15) =>
  infiniteQueryOptions({
    queryKey: key(c, 'search', 'songs-pages', term, limit),
    queryFn: ({ signal, pageParam }) =>
      // The first page as SPEC#catalogue-api-search-type-limit asks it (no page parameter), later ones by number.
      c.get<SongSearchResults>(`/search/songs?query=${q(term)}&limit=${limit}${pageParam > 1 ? `&page=${pageParam}` : ''}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + (p.results?.length ?? 0), 0);
      return (last.results?.length ?? 0) > 0 && loaded < (last.total ?? 0) ? all.length + 1 : undefined;
    },
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

/** How many of an artist's most played songs, albums and albums they appear on their screen lists. */
export const ARTIST_SCREEN_COUNT = 50;

export const artistQuery = (c: CatalogueClient, id: string) =>
  queryOptions({
    queryKey: key(c, 'artist', id),
    queryFn: ({ signal }) =>
      c.get<Artist>(`/artists/${q(id)}?songCount=${ARTIST_SCREEN_COUNT}&albumCount=${ARTIST_SCREEN_COUNT}`, { signal }),
    staleTime: COLLECTION_STALE_MS,
  });

/** Our server's Home rows (catalogue mirrors do not have them). */
export const homeRowsQuery = (c: CatalogueClient) =>
  queryOptions({
    queryKey: key(c, 'home', 'rows'),
    queryFn: ({ signal }) => c.get<HomeRows>('/home/rows', { signal }),
  });

/** SPEC#catalogue-api-search-type-limit: search limit 15 for every type. */
export const SEARCH_LIMIT = 15;

const searchOf =
  <T>(type: 'albums' | 'playlists' | 'artists') =>
  (c: CatalogueClient, term: string, limit = SEARCH_LIMIT) =>
    queryOptions({
      queryKey: key(c, 'search', type, term, limit, 0),
      queryFn: ({ signal }) => c.get<T>(`/search/${type}?query=${q(term)}&limit=${limit}`, { signal }),
      enabled: term.trim() !== '',
    });

export const searchAlbumsQuery = searchOf<AlbumSearchResults>('albums');
export const searchPlaylistsQuery = searchOf<PlaylistSearchResults>('playlists');
export const searchArtistsQuery = searchOf<ArtistSearchResults>('artists');

/** Songs by id in one request (`/songs?ids=a,b`), in the order asked; unknown ids are dropped. */
export function fetchSongsByIds(c: CatalogueClient, ids: readonly string[], signal?: AbortSignal): Promise<Song[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return c.get<Song[]>(`/songs?ids=${ids.map(q).join(',')}`, { signal });
}

/** Songs by id in one request, as a query (Library's History, Home's most played). */
export const songsByIdsQuery = (c: CatalogueClient, ids: readonly string[]) =>
  queryOptions({
    queryKey: key(c, 'songs-by-ids', ids),
    queryFn: ({ signal }) => fetchSongsByIds(c, ids, signal),
    enabled: ids.length > 0,
  });

/** SPEC#limits-catalogue: catalogue playlists are read 50 songs at a time. */
export const PLAYLIST_PAGE_SIZE = 50;
/** Pages asked for at once after the first tells the playlist's size. */
const PLAYLIST_PAGE_CONCURRENCY = 4;

/**
 * The pages (1-based, as /api/playlists counts them) still to read after page 1,
 * when the server tells the real size (`totalSongs`); null when it does not, so
 * the reader pages on until a page comes back short (catalogue-api.md §3.8).
 */
export function remainingPlaylistPages(totalSongs: number | undefined, firstPageCount: number, limit = PLAYLIST_PAGE_SIZE): number[] | null {
  if (firstPageCount < limit) return [];
  if (typeof totalSongs !== 'number' || !Number.isFinite(totalSongs)) return null;
  const pages = Math.ceil(totalSongs / limit);
  return Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
}

/** Every song of a catalogue playlist, page after page (a 2,000-song playlist is 40 pages). */
export async function fetchWholePlaylist(c: CatalogueClient, id: string, signal?: AbortSignal, limit = PLAYLIST_PAGE_SIZE): Promise<Playlist> {
  const page = (n: number) => c.get<Playlist>(`/playlists?id=${q(id)}&limit=${limit}&page=${n}`, { signal });
  const first = await page(1);
  const firstSongs = first.songs ?? [];
  const planned = remainingPlaylistPages(first.totalSongs, firstSongs.length, limit);
  const songs = [...firstSongs];
  if (planned === null) {
    for (let n = 2; ; n++) {
      const more = (await page(n)).songs ?? [];
      songs.push(...more);
      if (more.length < limit) break;
    }
  } else {
    const results: Song[][] = new Array(planned.length);
    let next = 0;
    const worker = async () => {
      while (next < planned.length) {
        const i = next++;
        results[i] = (await page(planned[i]!)).songs ?? [];
      }
    };
    await Promise.all(Array.from({ length: Math.min(PLAYLIST_PAGE_CONCURRENCY, planned.length) }, worker));
    for (const r of results) songs.push(...r);
  }
  return { ...first, songs };
}

export const wholePlaylistQuery = (c: CatalogueClient, id: string) =>
  queryOptions({
    queryKey: key(c, 'playlist', id, 'all'),
    queryFn: ({ signal }) => fetchWholePlaylist(c, id, signal),
    staleTime: COLLECTION_STALE_MS,
  });
