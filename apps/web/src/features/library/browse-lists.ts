import {
  ALBUM_SORTS,
  ARTIST_SORTS,
  SONG_SORTS,
  type AlbumSort,
  type ArtistSort,
  type SongSort,
} from '@lyra/contracts/catalogue';
import type { LibraryList } from '@lyra/contracts/app-routes';
import { optionsOf } from '../../shared/lib/select-options.js';
import { local, readText, writeText } from '../../shared/lib/storage.js';

/**
 * Library's lists of the whole collection (catalogue-api.md §6): each list's
 * sorts with their labels, its address, and the sort the listener chose last,
 * kept per list on this device.
 */

export const ALBUM_SORT_OPTIONS = optionsOf<AlbumSort>(ALBUM_SORTS, {
  name: 'Name',
  artist: 'Artist',
  year: 'Year',
  recent: 'Recently added',
  plays: 'Most played',
  rediscover: 'Played longest ago',
  random: 'Random',
});

export const ARTIST_SORT_OPTIONS = optionsOf<ArtistSort>(ARTIST_SORTS, { name: 'Name', plays: 'Most played' });

export const SONG_SORT_OPTIONS = optionsOf<SongSort>(SONG_SORTS, { title: 'Title', artist: 'Artist', album: 'Album', recent: 'Recently added', plays: 'Most played' });

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
