/**
 * Home rows (ours): the configurable rows file and the /api/home/rows answer.
 */
import { z } from 'zod';
import { SearchPlaylist, Song } from './catalogue-entities.js';

// ---------------------------------------------------------------- home rows (ours)

/**
 * Where a Home row's songs come from. `'*'` (or an omitted value) means "the
 * most common one in this library". A source that yields nothing falls through
 * to the row's next source. `title` overrides the row title when this source
 * is the one used; `{name}` in a title is replaced by the artist, language or
 * genre name the source resolved to.
 */
export const HomeSongSource = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('search'), query: z.string().min(1), title: z.string().min(1).optional() }),
  z.strictObject({ type: z.literal('most-played'), title: z.string().min(1).optional() }),
  z.strictObject({ type: z.literal('newest'), title: z.string().min(1).optional() }),
  /** A daily shuffle of the whole library (same order all day). */
  z.strictObject({ type: z.literal('shuffle'), title: z.string().min(1).optional() }),
  z.strictObject({ type: z.literal('artist'), artistId: z.string().min(1).optional(), title: z.string().min(1).optional() }),
  z.strictObject({ type: z.literal('language'), language: z.string().min(1).optional(), title: z.string().min(1).optional() }),
  z.strictObject({ type: z.literal('genre'), genre: z.string().min(1).optional(), title: z.string().min(1).optional() }),
]);
export type HomeSongSource = z.infer<typeof HomeSongSource>;

export const HomePlaylistSource = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('search'), query: z.string().min(1) }),
  /** Playlists the server generates (per genre, per decade, "This is <artist>"). */
  z.strictObject({ type: z.literal('curated') }),
  /** Playlists from .m3u/.m3u8 files in the music folder. */
  z.strictObject({ type: z.literal('m3u') }),
]);
export type HomePlaylistSource = z.infer<typeof HomePlaylistSource>;

/** How the web lays a row out: horizontal cards, a 5-per-group carousel with "Play all", or a list. */
export const HOME_LAYOUTS = ['row', 'carousel', 'list'] as const;

const rowBase = {
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'lowercase letters, digits and dashes'),
  title: z.string().min(1),
  layout: z.enum(HOME_LAYOUTS).default('row'),
  limit: z.number().int().min(1).max(100).default(10),
};

/** One row of `home-rows.json` (HOME_ROWS or DATA_DIR/home-rows.json). */
export const HomeRowSpec = z.discriminatedUnion('kind', [
  z.strictObject({ ...rowBase, kind: z.literal('songs'), sources: z.array(HomeSongSource).min(1) }),
  z.strictObject({ ...rowBase, kind: z.literal('playlists'), sources: z.array(HomePlaylistSource).min(1) }),
]);
export type HomeRowSpec = z.infer<typeof HomeRowSpec>;

/** The home-rows configuration file. */
export const HomeRowsFile = z.strictObject({
  /** The featured song (flame animation, first video preview; DESIGN §8). */
  featuredSongId: z.string().min(1).nullable().optional(),
  rows: z.array(HomeRowSpec).optional(),
});
/** What a file author writes (defaults may be left out). */
export type HomeRowsFileInput = z.input<typeof HomeRowsFile>;
export type HomeRowsFile = z.output<typeof HomeRowsFile>;

/** What every resolved row carries; its items come with it. `query` is a search term for catalogue mirrors (null if none). */
const resolvedRow = {
  id: z.string(),
  title: z.string(),
  layout: z.enum(HOME_LAYOUTS),
  limit: z.number().int(),
  query: z.string().nullable(),
};

export const HomeSongRow = z.object({
  ...resolvedRow,
  kind: z.literal('songs'),
  /** The web app's page with all of the row's source (site-relative: '/library/songs?sort=plays', '/artist/{id}'...); null when none. */
  seeAll: z.string().nullable().optional(),
  songs: z.array(Song),
});
export type HomeSongRow = z.infer<typeof HomeSongRow>;

export const HomePlaylistRow = z.object({ ...resolvedRow, kind: z.literal('playlists'), playlists: z.array(SearchPlaylist) });
export type HomePlaylistRow = z.infer<typeof HomePlaylistRow>;

export const HomeRow = z.discriminatedUnion('kind', [HomeSongRow, HomePlaylistRow]);
export type HomeRow = z.infer<typeof HomeRow>;

/** GET /api/home/rows. Rows that resolve to no items are left out. */
export const HomeRows = z.object({
  featuredSongId: z.string().nullable(),
  rows: z.array(HomeRow),
});
export type HomeRows = z.infer<typeof HomeRows>;
