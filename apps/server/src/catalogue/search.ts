import type {
  AlbumSearchResults,
  ArtistSearchResults,
  PlaylistSearchResults,
  SongSearchResults,
} from '@lyra/contracts/catalogue';
import { searchAlbumsByIds } from './albums.js';
import { searchArtistsByIds } from './artists.js';
import { searchPlaylistsByIds } from './playlists.js';
import { ALTS_PER_WORD, cleanQuery, MAX_QUERY_WORDS, strictQuery, widenedQuery } from './search-query.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import {
  countTracksUpTo,
  expandQueryWords,
  searchNamedIds,
  searchPlaylistIds,
  searchPopularTrackIds,
  searchTrackIds,
  type RankedIds,
  type TrackQuery,
} from './store/search.sql.js';

/** A page of a search: `start` is the 1-based position of its first result (§1.4). */
export interface SearchPage {
  limit: number;
  offset: number;
}

/** A query made ready once and used by several searches (the global search runs four). */
export interface PreparedQuery {
  /** The cleaned text ('' = nothing to search). */
  text: string;
  norm: string;
  widened: string;
  strict: string;
  /** At most this many tracks match (from catalogue_words counts). */
  bound: number;
  words: number;
}

const NONE: RankedIds = { ids: [], total: 0 };

/**
 * Up to this many possible matches, every match is ranked and counted. Above
 * it (common words at 100,000 tracks) the most played matches are ranked and
 * `total` is the catalogue's word counts' bound (catalogue-api.md §1.4 leaves
 * totals to the catalogue; the reference's own are the upstream's estimates).
 */
export const EXACT_RANKING_LIMIT = 500;
/** How many of the most played matches of a common query are ordered by score. */
export const POPULAR_WINDOW = 50;

/** Splits and widens the query (typo-tolerant, partial words); null when it has no word. */
export async function prepareQuery(ctx: CatalogueCtx, query: string): Promise<PreparedQuery | null> {
  const text = cleanQuery(query);
  if (!text) return null;
  const { norm, words } = await expandQueryWords(ctx.db, text, MAX_QUERY_WORDS, ALTS_PER_WORD);
  if (words.length === 0) return null;
  return {
    text,
    norm,
    widened: widenedQuery(words),
    strict: strictQuery(words),
    bound: Math.min(...words.map((w) => w.tracks)),
    words: words.length,
  };
}

const paged = (p: PreparedQuery, page: SearchPage): TrackQuery => ({ ...p, limit: page.limit, offset: page.offset });

/** Ranked track ids: all words required, each as a prefix or a look-alike. */
export async function rankTracks(ctx: CatalogueCtx, p: PreparedQuery | null, page: SearchPage): Promise<RankedIds> {
  if (!p) return NONE;
  const q = paged(p, page);
  if (p.bound <= EXACT_RANKING_LIMIT) return searchTrackIds(ctx.db, q);
  // Each word's count bounds the matches; several words (all required) may
  // match far fewer tracks together, which a capped count settles.
  if (p.words > 1) {
    const matches = await countTracksUpTo(ctx.db, q.widened, EXACT_RANKING_LIMIT + 1);
    if (matches <= EXACT_RANKING_LIMIT) return searchTrackIds(ctx.db, q, matches);
  }
  return { ids: await searchPopularTrackIds(ctx.db, q, POPULAR_WINDOW), total: p.bound };
}

const start = (page: SearchPage) => page.offset + 1;
type Query = string | PreparedQuery | null;
const prepared = async (ctx: CatalogueCtx, q: Query) => (typeof q === 'string' ? prepareQuery(ctx, q) : q);

export async function searchSongs(ctx: CatalogueCtx, query: Query, page: SearchPage): Promise<SongSearchResults> {
  const { ids, total } = await rankTracks(ctx, await prepared(ctx, query), page);
  return { total, start: start(page), results: await songsByIds(ctx, ids) };
}

export async function searchAlbums(ctx: CatalogueCtx, query: Query, page: SearchPage): Promise<AlbumSearchResults> {
  const p = await prepared(ctx, query);
  const { ids, total } = p ? await searchNamedIds(ctx.db, 'album', paged(p, page)) : NONE;
  return { total, start: start(page), results: await searchAlbumsByIds(ctx, ids) };
}

export async function searchArtists(ctx: CatalogueCtx, query: Query, page: SearchPage): Promise<ArtistSearchResults> {
  const p = await prepared(ctx, query);
  const { ids, total } = p ? await searchNamedIds(ctx.db, 'artist', paged(p, page)) : NONE;
  return { total, start: start(page), results: await searchArtistsByIds(ctx, ids) };
}

/** Playlist names are not catalogue words: they are matched by trigram similarity instead. */
export async function searchPlaylists(ctx: CatalogueCtx, query: string, page: SearchPage): Promise<PlaylistSearchResults> {
  const text = cleanQuery(query);
  const { ids, total } = text ? await searchPlaylistIds(ctx.db, { text, limit: page.limit, offset: page.offset }) : NONE;
  return { total, start: start(page), results: await searchPlaylistsByIds(ctx, ids) };
}
