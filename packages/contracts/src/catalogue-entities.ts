/**
 * The catalogue API's entities (shared/design/catalogue-api.md §1-§3): envelope,
 * building blocks, songs, albums, playlists, artists and paging. The server
 * validates its responses against these in tests; the web app reads them, from
 * this server or from any mirror of the same API.
 *
 * Fields marked "ours" are extras our server always sends (catalogue-api.md §4.3,
 * §3.8); they are optional here because mirrors do not send them.
 */
import { z } from 'zod';
import { DOWNLOAD_QUALITIES } from './ids.js';

// ---------------------------------------------------------------- envelope (§1.2)

export const success = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const ValidationIssue = z.object({
  code: z.string(),
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** Every error: `message` always; `error.issues` on query validation failures. */
export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({ name: z.string(), issues: z.array(ValidationIssue) }).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

// ---------------------------------------------------------------- building blocks (§2)

/** Order is fixed: index 0..2 = 50x50, 150x150, 500x500 (§2.1). */
export const IMAGE_QUALITIES = ['50x50', '150x150', '500x500'] as const;
/** Order is fixed: index 0..4 = 12, 48, 96, 160, 320 kbps (§2.2); declared once, in ids.ts. */
export { DOWNLOAD_QUALITIES };

/** A link to one quality of a picture or a download. */
const qualityLink = <const Q extends readonly [string, ...string[]]>(qualities: Q) =>
  z.object({
    quality: z.enum(qualities),
    url: z.string(),
    /** Ours: duplicates `url` for legacy readers (§4.3). */
    link: z.string().optional(),
  });

export const ImageLink = qualityLink(IMAGE_QUALITIES);
export type ImageLink = z.infer<typeof ImageLink>;

export const DownloadLink = qualityLink(DOWNLOAD_QUALITIES);
export type DownloadLink = z.infer<typeof DownloadLink>;

/** What names an artist wherever one appears: a credit (ArtistRef) or their page (Artist). */
const artistFields = {
  id: z.string(),
  name: z.string(),
  url: z.string(),
  type: z.literal('artist'),
  image: z.array(ImageLink),
};

/** §2.3. `role`: 'primary_artists' | 'featured_artists' | a credit | '' | 'Artist' (search). */
export const ArtistRef = z.object({ ...artistFields, role: z.string() });
export type ArtistRef = z.infer<typeof ArtistRef>;

/** §2.4: all three arrays are always present on our server. */
export const ArtistGroups = z.object({
  primary: z.array(ArtistRef),
  featured: z.array(ArtistRef),
  all: z.array(ArtistRef),
});
export type ArtistGroups = z.infer<typeof ArtistGroups>;

/** §2.5: always present, members nullable. */
export const AlbumRef = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  url: z.string().nullable(),
});
export type AlbumRef = z.infer<typeof AlbumRef>;

// ---------------------------------------------------------------- entities (§3)

/** Ours: a song's loudness normalisation (OpenSubsonic's ReplayGain field names). */
export const ReplayGain = z.object({
  trackGain: z.number(),
  trackPeak: z.number().nullable(),
  albumGain: z.number().nullable(),
  albumPeak: z.number().nullable(),
});
export type ReplayGain = z.infer<typeof ReplayGain>;

/** What every song, album and playlist carries, in search results as on its own page (§3.2, §3.3, §3.5, §3.7, §3.8). */
const entityFields = {
  id: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.array(ImageLink),
  language: z.string(),
  explicitContent: z.boolean(),
};

/** §3.5. `year` is a string here (a number on Album and Playlist). */
export const Song = z.object({
  ...entityFields,
  type: z.literal('song'),
  year: z.string().nullable(),
  releaseDate: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  label: z.string().nullable(),
  playCount: z.number().nullable(),
  hasLyrics: z.boolean(),
  lyricsId: z.string().nullable(),
  copyright: z.string().nullable(),
  album: AlbumRef,
  artists: ArtistGroups,
  downloadUrl: z.array(DownloadLink),
  /** Ours: comma-joined primary artist names (§4.3). */
  primaryArtists: z.string().optional(),
  /** Ours: comma-joined primary artist ids (§4.3). */
  primaryArtistsId: z.string().optional(),
  /**
   * Ours: loudness normalisation in OpenSubsonic's names (dB gains to the
   * ReplayGain 2 reference of -18 LUFS, linear peaks); null until measured.
   */
  replayGain: ReplayGain.nullable().optional(),
  /** Ours: a live stream (an internet radio station, radio.ts): no length, no seeking, no play counted. */
  live: z.literal(true).optional(),
});
export type Song = z.infer<typeof Song>;

/** §3.2: no songCount and no songs. `year` is a number. */
export const SearchAlbum = z.object({
  ...entityFields,
  type: z.literal('album'),
  description: z.string(),
  year: z.number().nullable(),
  playCount: z.number().nullable(),
  artists: ArtistGroups,
});
export type SearchAlbum = z.infer<typeof SearchAlbum>;

/** §3.3. */
export const SearchPlaylist = z.object({
  ...entityFields,
  type: z.literal('playlist'),
  songCount: z.number().nullable(),
});
export type SearchPlaylist = z.infer<typeof SearchPlaylist>;

/** §3.7: a SearchAlbum with its songs. `songs` is the full track list on /api/albums and null in summaries. */
export const Album = SearchAlbum.extend({
  songCount: z.number().nullable(),
  songs: z.array(Song).nullable(),
});
export type Album = z.infer<typeof Album>;

/**
 * §3.8: a SearchPlaylist with its songs. `songCount` is the number of songs on THIS page (null when 0),
 * as the reference reports it; `totalSongs` (ours) is the playlist's real size.
 */
export const Playlist = SearchPlaylist.extend({
  description: z.string().nullable(),
  year: z.number().nullable(),
  playCount: z.number().nullable(),
  artists: z.array(ArtistRef).nullable(),
  songs: z.array(Song),
  totalSongs: z.number().optional(),
});
export type Playlist = z.infer<typeof Playlist>;

export const ArtistBio = z.object({
  text: z.string().nullable(),
  title: z.string().nullable(),
  sequence: z.number().nullable(),
});
export type ArtistBio = z.infer<typeof ArtistBio>;

/** §3.9. */
export const SimilarArtist = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.array(ImageLink),
  languages: z.record(z.string(), z.string()).nullable(),
  wiki: z.string(),
  dob: z.string(),
  fb: z.string(),
  twitter: z.string(),
  isRadioPresent: z.boolean(),
  type: z.string(),
  dominantType: z.string(),
  aka: z.string(),
  bio: z.array(ArtistBio).nullable(),
  similarArtists: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
});
export type SimilarArtist = z.infer<typeof SimilarArtist>;

/**
 * An artist's whole catalogue, not a page of it: the songs credited to them or on their
 * albums, their albums (as album artist), the other albums they appear on, and the songs'
 * length in whole seconds.
 */
export const ArtistTotals = z.object({
  songs: z.number().int(),
  albums: z.number().int(),
  appearsOn: z.number().int(),
  duration: z.number().int(),
});
export type ArtistTotals = z.infer<typeof ArtistTotals>;

/** §3.9. `fanCount` is a string, `followerCount` a number. */
export const Artist = z.object({
  ...artistFields,
  followerCount: z.number().nullable(),
  fanCount: z.string().nullable(),
  isVerified: z.boolean().nullable(),
  dominantLanguage: z.string().nullable(),
  dominantType: z.string().nullable(),
  bio: z.array(ArtistBio).nullable(),
  dob: z.string().nullable(),
  fb: z.string().nullable(),
  twitter: z.string().nullable(),
  wiki: z.string().nullable(),
  availableLanguages: z.array(z.string()).nullable(),
  isRadioPresent: z.boolean().nullable(),
  topSongs: z.array(Song).nullable(),
  topAlbums: z.array(Album).nullable(),
  singles: z.array(Song).nullable(),
  similarArtists: z.array(SimilarArtist).nullable(),
  /**
   * Lyra's own additions (mirrors do not send them). `topAlbums` are then the albums the
   * artist is the album artist of; `appearsOn` the others they perform or are featured on
   * (compilations among them), paged as `topAlbums` is.
   */
  totals: ArtistTotals.optional(),
  appearsOn: z.array(Album).optional(),
});
export type Artist = z.infer<typeof Artist>;

// ---------------------------------------------------------------- paging (§1.4, §3.10)

/** `start` is the 1-based position of the first result. */
export const searchResults = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), start: z.number().int(), results: z.array(item) });

export const SongSearchResults = searchResults(Song);
export type SongSearchResults = z.infer<typeof SongSearchResults>;
export const AlbumSearchResults = searchResults(SearchAlbum);
export type AlbumSearchResults = z.infer<typeof AlbumSearchResults>;
export const ArtistSearchResults = searchResults(ArtistRef);
export type ArtistSearchResults = z.infer<typeof ArtistSearchResults>;
export const PlaylistSearchResults = searchResults(SearchPlaylist);
export type PlaylistSearchResults = z.infer<typeof PlaylistSearchResults>;

/** /api/artists/{id}/songs: 0-based pages of ARTIST_PAGE_SIZE. */
export const ArtistSongs = z.object({ total: z.number().int(), songs: z.array(Song) });
export type ArtistSongs = z.infer<typeof ArtistSongs>;
/** /api/artists/{id}/albums: albums carry `songs: null`. */
export const ArtistAlbums = z.object({ total: z.number().int(), albums: z.array(Album) });
export type ArtistAlbums = z.infer<typeof ArtistAlbums>;

export const ARTIST_PAGE_SIZE = 10;
export const SORT_BY = ['popularity', 'latest', 'alphabetical'] as const;
export type SortBy = (typeof SORT_BY)[number];
export const SORT_ORDER = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDER)[number];
