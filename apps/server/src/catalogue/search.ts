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
import { expandQueryWords, searchNamedIds, searchTrackIds, type NamedTable, type RankedIds } from './store/search.sql.js';

/** A page of a search: `start` is the 1-based position of its first result (§1.4). */
export interface SearchPage {
  limit: number;
  offset: number;
}

const NONE: RankedIds = { ids: [], total: 0 };

/** Ranked track ids for `query`: typo-tolerant, partial words, all words required. */
export async function rankTracks(ctx: CatalogueCtx, query: string, page: SearchPage): Promise<RankedIds> {
  const text = cleanQuery(query);
  if (!text) return NONE;
  const { norm, words } = await expandQueryWords(ctx.db, text, MAX_QUERY_WORDS, ALTS_PER_WORD);
  if (words.length === 0) return NONE;
  return searchTrackIds(ctx.db, {
    norm,
    widened: widenedQuery(words),
    strict: strictQuery(words),
    limit: page.limit,
    offset: page.offset,
  });
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
