import type { LibraryAlbums, LibraryArtists, LibraryGenre, LibraryGenreAlbums, LibraryGenres, LibraryLetter, LibrarySongs } from '@lyra/contracts/catalogue';
import { queryOptions } from '@tanstack/react-query';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { BROWSE_PAGE_SIZE } from './browse-lists.js';

/**
 * One query per page of a Library list (catalogue-api.md §6), keyed like every
 * catalogue read by the host list first. Pages are 1-based.
 */
const key = (c: CatalogueClient, ...rest: unknown[]) => ['catalogue', c.hostId, 'library', ...rest] as const;

/** A page of a list: what every paged list answers. */
export interface ListPage<T> {
  total: number;
  start: number;
  results: T[];
  /** A genre's albums name the genre. */
  genre?: LibraryGenre | null;
  /** Lists sorted by name: where each initial starts (first page only). */
  letters?: LibraryLetter[];
}

export type PageQuery<T> = (page: number) => ReturnType<typeof pageQuery<T>>;

function pageQuery<T>(c: CatalogueClient, path: string, page: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ ...extra, page: String(page), limit: String(BROWSE_PAGE_SIZE) });
  return queryOptions({
    queryKey: key(c, path, extra, page),
    queryFn: ({ signal }) => c.get<ListPage<T>>(`/library/${path}?${params}`, { signal }),
  });
}

type Item<R> = R extends { results: (infer T)[] } ? T : never;

/** Today's random order; a new one each day (the server orders by a hash of id and seed). */
export const randomSeed = (): string => new Date().toISOString().slice(0, 10);

/** The quick filter, when there is one (`q`). */
const filtered = (q: string): Record<string, string> => (q ? { q } : {});

export const albumsPages = (c: CatalogueClient, sort: string, seed: string, q = ''): PageQuery<Item<LibraryAlbums>> => (page) =>
  pageQuery(c, 'albums', page, { sort, ...(sort === 'random' ? { seed } : {}), ...filtered(q) });

export const artistsPages = (c: CatalogueClient, sort: string, q = ''): PageQuery<Item<LibraryArtists>> => (page) =>
  pageQuery(c, 'artists', page, { sort, ...filtered(q) });

export const songsPages = (c: CatalogueClient, sort: string): PageQuery<Item<LibrarySongs>> => (page) =>
  pageQuery(c, 'songs', page, { sort });

/** A genre's albums, by name; each page also names the genre (`genre`, null when no album has it). */
export const genreAlbumsPages = (c: CatalogueClient, genre: string): PageQuery<Item<LibraryGenreAlbums>> => (page) =>
  pageQuery(c, `genres/${encodeURIComponent(genre)}/albums`, page);

export const genresQuery = (c: CatalogueClient) =>
  queryOptions({
    queryKey: key(c, 'genres'),
    queryFn: ({ signal }) => c.get<LibraryGenres>('/library/genres', { signal }),
  });
