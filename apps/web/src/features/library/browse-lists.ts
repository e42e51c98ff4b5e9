import {
  ALBUM_SORTS,
  ARTIST_SORTS,
  SONG_SORTS,
  type AlbumSort,
  type ArtistSort,
  type SongSort,
} from '@lyra/contracts/catalogue';
import type { LibraryList } from '@lyra/contracts/app-routes';
import { local, readText, writeText } from '../../shared/lib/storage.js';

/**
 * Library's lists of the whole collection (catalogue-api.md §6): each list's
 * sorts with their labels, its address, and the sort the listener chose last,
 * kept per list on this device.
 */

export interface SortOption<S extends string> {
  value: S;
  label: string;
}

export const ALBUM_SORT_OPTIONS: readonly SortOption<AlbumSort>[] = [
  { value: 'name', label: 'Name' },
  { value: 'artist', label: 'Artist' },
  { value: 'year', label: 'Year' },
  { value: 'recent', label: 'Recently added' },
  { value: 'plays', label: 'Most played' },
  { value: 'rediscover', label: 'Played longest ago' },
  { value: 'random', label: 'Random' },
];

export const ARTIST_SORT_OPTIONS: readonly SortOption<ArtistSort>[] = [
  { value: 'name', label: 'Name' },
  { value: 'plays', label: 'Most played' },
];

export const SONG_SORT_OPTIONS: readonly SortOption<SongSort>[] = [
  { value: 'title', label: 'Title' },
  { value: 'artist', label: 'Artist' },
  { value: 'album', label: 'Album' },
  { value: 'recent', label: 'Recently added' },
  { value: 'plays', label: 'Most played' },
];

/** The lists with a sort, and the values each accepts (the server's, in the same order). */
export const SORTS = { albums: ALBUM_SORTS, artists: ARTIST_SORTS, songs: SONG_SORTS } as const;
export type SortedList = keyof typeof SORTS;

export const LIST_LABELS: Record<LibraryList, string> = {
  albums: 'Albums',
  artists: 'Artists',
  songs: 'Songs',
  genres: 'Genres',
};

export const listPath = (list: LibraryList): string => `/library/${list}`;
export const genrePath = (genreId: string): string => `/library/genres/${encodeURIComponent(genreId)}`;

/** Where the chosen sort of a list is kept (localStorage). */
export const sortKey = (list: SortedList): string => `librarySort:${list}`;

const isSortOf = <L extends SortedList>(list: L, value: string | null): value is (typeof SORTS)[L][number] =>
  value != null && (SORTS[list] as readonly string[]).includes(value);

/** The sort to show: the address's when it names one of the list's, else the one kept, else the first. */
export function resolveSort<L extends SortedList>(list: L, fromAddress: string | null): (typeof SORTS)[L][number] {
  if (isSortOf(list, fromAddress)) return fromAddress;
  const kept = readText(local(), sortKey(list));
  return isSortOf(list, kept) ? kept : SORTS[list][0];
}

export const keepSort = (list: SortedList, sort: string): void => writeText(local(), sortKey(list), sort);

/** Items per request: the server's most, so a long scroll asks for few pages. */
export const BROWSE_PAGE_SIZE = 100;
