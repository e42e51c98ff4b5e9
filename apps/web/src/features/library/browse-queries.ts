import type { LibraryAlbums, LibraryArtists, LibraryGenre, LibraryGenreAlbums, LibraryGenres, LibraryLetter, LibrarySongs } from '@lyra/contracts/catalogue';
import { queryOptions } from '@tanstack/react-query';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { BROWSE_PAGE_SIZE } from './browse-lists.js';
import { firstScreenful } from './list-geometry.js';

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

type PageOptions<T> = ReturnType<typeof pageQuery<T>>;

/**
 * A list's pages (`pages(n)`), and `head`: the first screenful alone (the first page's items up
 * to `firstScreenful`, with its total and letters), asked for before the whole first page when that
 * is not read yet; null when the first page holds no more.
 */
export type PageQuery<T> = ((page: number) => PageOptions<T>) & { head: PageOptions<T> | null };

function pageQuery<T>(c: CatalogueClient, path: string, page: number, extra: Record<string, string> = {}, limit = BROWSE_PAGE_SIZE) {
  const params = new URLSearchParams({ ...extra, page: String(page), limit: String(limit) });
  return queryOptions({
    queryKey: limit === BROWSE_PAGE_SIZE ? key(c, path, extra, page) : key(c, path, extra, page, limit),
    queryFn: ({ signal }) => c.get<ListPage<T>>(`/library/${path}?${params}`, { signal }),
  });
}

function paged<T>(c: CatalogueClient, path: string, extra: Record<string, string>, head: number | null): PageQuery<T> {
  return Object.assign((page: number) => pageQuery<T>(c, path, page, extra), {
    head: head != null && head < BROWSE_PAGE_SIZE ? pageQuery<T>(c, path, 1, extra, head) : null,
  });
}

type Item<R> = R extends { results: (infer T)[] } ? T : never;

/** Today's random order; a new one each day (the server orders by a hash of id and seed). */
export const randomSeed = (): string => new Date().toISOString().slice(0, 10);

/** The quick filter, when there is one (`q`). */
const filtered = (q: string): Record<string, string> => (q ? { q } : {});

export const albumsPages = (c: CatalogueClient, sort: string, seed: string, q = ''): PageQuery<Item<LibraryAlbums>> =>
  paged(c, 'albums', { sort, ...(sort === 'random' ? { seed } : {}), ...filtered(q) }, firstScreenful('albums'));

export const artistsPages = (c: CatalogueClient, sort: string, q = ''): PageQuery<Item<LibraryArtists>> =>
  paged(c, 'artists', { sort, ...filtered(q) }, firstScreenful('artists'));

export const songsPages = (c: CatalogueClient, sort: string): PageQuery<Item<LibrarySongs>> => paged(c, 'songs', { sort }, firstScreenful('songs'));

/** A genre's albums, by name; each page also names the genre (`genre`, null when no album has it). */
export const genreAlbumsPages = (c: CatalogueClient, genre: string): PageQuery<Item<LibraryGenreAlbums>> =>
  paged(c, `genres/${encodeURIComponent(genre)}/albums`, {}, firstScreenful('albums'));

export const genresQuery = (c: CatalogueClient) =>
  queryOptions({
    queryKey: key(c, 'genres'),
    queryFn: ({ signal }) => c.get<LibraryGenres>('/library/genres', { signal }),
  });
