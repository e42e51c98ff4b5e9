/**
 * The whole collection as lists (Library's Albums, Artists, Songs and Genres):
 * `/api/library/*`, our own addition to the saavn-shaped API
 * (docs/design/catalogue-api.md §6). Pages are 1-based with a total, as search
 * pages are; items are the catalogue's own entity shapes.
 */
import { z } from 'zod';
import { Album, ArtistRef, Song, searchResults, success } from './catalogue-entities.js';

export const ALBUM_SORTS = ['name', 'artist', 'year', 'recent', 'plays', 'rediscover', 'random'] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];
export const ARTIST_SORTS = ['name', 'plays'] as const;
export type ArtistSort = (typeof ARTIST_SORTS)[number];
export const SONG_SORTS = ['title', 'artist', 'album', 'recent', 'plays'] as const;
export type SongSort = (typeof SONG_SORTS)[number];

/** Items per page when `limit` is not given; at most LIBRARY_MAX_LIMIT. */
export const LIBRARY_PAGE_SIZE = 50;
export const LIBRARY_MAX_LIMIT = 100;
/** The quick filter of Albums and Artists (`q`) is at most this long. */
export const LIBRARY_FILTER_MAX = 100;

/**
 * An artist of the Artists list: an ArtistRef (role "Artist") with what it
 * holds; `hasPicture` is false when `image` is the default logo.
 */
export const LibraryArtist = ArtistRef.extend({
  hasPicture: z.boolean(),
  albumCount: z.number().int(),
  songCount: z.number().int(),
  playCount: z.number().int(),
});
export type LibraryArtist = z.infer<typeof LibraryArtist>;

/** A genre: `id` is its name in lower case (the address part), `name` as tagged. */
export const LibraryGenre = z.object({
  id: z.string(),
  name: z.string(),
  albumCount: z.number().int(),
});
export type LibraryGenre = z.infer<typeof LibraryGenre>;

/**
 * Where each initial starts in a list sorted by name (A-Z, '#' for the rest),
 * 0-based, in list order: a letter rail jumps there. Sent with the first page.
 */
export const LibraryLetter = z.object({ letter: z.string(), start: z.number().int() });
export type LibraryLetter = z.infer<typeof LibraryLetter>;

/** A page of a list sorted by name, with its letters on the first page. */
const withLetters = <T extends z.ZodType>(item: T) => searchResults(item).extend({ letters: z.array(LibraryLetter).optional() });

export const LibraryAlbums = withLetters(Album);
export type LibraryAlbums = z.infer<typeof LibraryAlbums>;
export const LibraryArtists = withLetters(LibraryArtist);
export type LibraryArtists = z.infer<typeof LibraryArtists>;
export const LibrarySongs = searchResults(Song);
export type LibrarySongs = z.infer<typeof LibrarySongs>;
export const LibraryGenres = z.object({ total: z.number().int(), results: z.array(LibraryGenre) });
export type LibraryGenres = z.infer<typeof LibraryGenres>;
/** The albums of one genre, with the genre itself (null when no album has it). */
export const LibraryGenreAlbums = searchResults(Album).extend({ genre: LibraryGenre.nullable() });
export type LibraryGenreAlbums = z.infer<typeof LibraryGenreAlbums>;

export const LibraryAlbumsResponse = success(LibraryAlbums);
export const LibraryArtistsResponse = success(LibraryArtists);
export const LibrarySongsResponse = success(LibrarySongs);
export const LibraryGenresResponse = success(LibraryGenres);
export const LibraryGenreAlbumsResponse = success(LibraryGenreAlbums);
