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
  searchPopularTrackIds,
  searchTrackIds,
  type NamedTable,
  type RankedIds,
} from './store/search.sql.js';

/** A page of a search: `start` is the 1-based position of its first result (§1.4). */
export interface SearchPage {
  limit: number;
  offset: number;
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

/** Ranked track ids for `query`: typo-tolerant, partial words, all words required. */
export async function rankTracks(ctx: CatalogueCtx, query: string, page: SearchPage): Promise<RankedIds> {
  const text = cleanQuery(query);
  if (!text) return NONE;
  const { norm, words } = await expandQueryWords(ctx.db, text, MAX_QUERY_WORDS, ALTS_PER_WORD);
  if (words.length === 0) return NONE;
  const q = { norm, widened: widenedQuery(words), strict: strictQuery(words), limit: page.limit, offset: page.offset };
  // Each word's count bounds the matches; several words (all required) may
  // match far fewer tracks together, which a capped count settles.
  const bound = Math.min(...words.map((w) => w.tracks));
  if (bound <= EXACT_RANKING_LIMIT) return searchTrackIds(ctx.db, q);
  if (words.length > 1) {
    const matches = await countTracksUpTo(ctx.db, q.widened, EXACT_RANKING_LIMIT + 1);
    if (matches <= EXACT_RANKING_LIMIT) return searchTrackIds(ctx.db, q, matches);
  }
  return { ids: await searchPopularTrackIds(ctx.db, q, POPULAR_WINDOW), total: bound };
}

async function rankNamed(ctx: CatalogueCtx, table: NamedTable, query: string, page: SearchPage): Promise<RankedIds> {
  const text = cleanQuery(query);
  if (!text) return NONE;
  return searchNamedIds(ctx.db, table, { text, limit: page.limit, offset: page.offset });
}

const start = (page: SearchPage) => page.offset + 1;

export async function searchSongs(ctx: CatalogueCtx, query: string, page: SearchPage): Promise<SongSearchResults> {
  const { ids, total } = await rankTracks(ctx, query, page);
  return { total, start: start(page), results: await songsByIds(ctx, ids) };
}

export async function searchAlbums(ctx: CatalogueCtx, query: string, page: SearchPage): Promise<AlbumSearchResults> {
  const { ids, total } = await rankNamed(ctx, 'albums', query, page);
  return { total, start: start(page), results: await searchAlbumsByIds(ctx, ids) };
}

export async function searchArtists(ctx: CatalogueCtx, query: string, page: SearchPage): Promise<ArtistSearchResults> {
  const { ids, total } = await rankNamed(ctx, 'artists', query, page);
  return { total, start: start(page), results: await searchArtistsByIds(ctx, ids) };
}

export async function searchPlaylists(ctx: CatalogueCtx, query: string, page: SearchPage): Promise<PlaylistSearchResults> {
  const { ids, total } = await rankNamed(ctx, 'playlists', query, page);
  return { total, start: start(page), results: await searchPlaylistsByIds(ctx, ids) };
}
