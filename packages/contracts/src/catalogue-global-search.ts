/**
 * Global search (/api/search, catalogue-api.md §3.4): flat, title-based items.
 */
import { z } from 'zod';
import { ImageLink } from './catalogue-entities.js';

// ---------------------------------------------------------------- global search (§3.4)

/** What every item carries. Flat and title-based; artists are comma-joined strings. */
const itemFields = {
  id: z.string(),
  title: z.string(),
  image: z.array(ImageLink),
  description: z.string(),
};

export const GlobalSongItem = z.object({
  ...itemFields,
  type: z.literal('song'),
  album: z.string(),
  url: z.string(),
  primaryArtists: z.string(),
  singers: z.string(),
  language: z.string(),
});
export type GlobalSongItem = z.infer<typeof GlobalSongItem>;

/** topQuery items have the song item's fields but any entity `type`. */
export const GlobalTopItem = GlobalSongItem.extend({ type: z.enum(['song', 'album', 'artist', 'playlist']) });
export type GlobalTopItem = z.infer<typeof GlobalTopItem>;

export const GlobalAlbumItem = z.object({
  ...itemFields,
  type: z.literal('album'),
  artist: z.string(),
  url: z.string(),
  /** A string here, unlike Album.year. */
  year: z.string(),
  /** Comma-joined song ids. */
  songIds: z.string(),
  language: z.string(),
});
export type GlobalAlbumItem = z.infer<typeof GlobalAlbumItem>;

export const GlobalArtistItem = z.object({ ...itemFields, type: z.literal('artist'), position: z.number() });
export type GlobalArtistItem = z.infer<typeof GlobalArtistItem>;

export const GlobalPlaylistItem = z.object({ ...itemFields, type: z.literal('playlist'), url: z.string(), language: z.string() });
export type GlobalPlaylistItem = z.infer<typeof GlobalPlaylistItem>;

const group = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item), position: z.number() });

export const GlobalSearch = z.object({
  topQuery: group(GlobalTopItem),
  songs: group(GlobalSongItem),
  albums: group(GlobalAlbumItem),
  artists: group(GlobalArtistItem),
  playlists: group(GlobalPlaylistItem),
});
export type GlobalSearch = z.infer<typeof GlobalSearch>;
