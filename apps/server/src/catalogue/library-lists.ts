import type {
  AlbumSort,
  ArtistSort,
  LibraryAlbums,
  LibraryArtists,
  LibraryGenreAlbums,
  LibraryGenres,
  LibrarySongs,
  SongSort,
} from '@lyra/contracts/catalogue';
import { createExpiringMemo } from '../expiring-memo.js';
import type { LibraryScope } from '../music-libraries.js';
import { albumSummaries } from './albums.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import {
  selectGenre,
  selectGenreAlbumIds,
  selectGenres,
  selectLibraryAlbumIds,
  selectLibraryArtists,
  selectLibrarySongIds,
  type GenreRow,
  type Page,
  type Remember,
} from './store/library.sql.js';
import { artistRef } from './wire-links.js';

/**
 * Library's lists of the whole collection (catalogue-api.md §6): 1-based
 * pages with the list's total; `start` is the position of the first item.
 */

const start = (page: Page) => page.offset + 1;

/**
 * A list's total and, sorted by name, where each initial starts: what every page (the total) or
 * the first one (the letters) of a list asks for, and what a large catalogue is slowest to read
 * for it (counting 100,000 songs, ranking 10,000 album names). They change only when a scan writes
 * the catalogue, so they are kept between requests:
 * - nothing is kept or read from memory while `changing()` (a scan runs and may be writing), nor
 *   kept from a read that a scan started or ended during;
 * - `clear()` forgets everything (the routes call it after every scan);
 * - an entry is forgotten after `ttlMs` anyway, so a scan that failed part way shows within that.
 * `scoped(scope)` is the memo of one set of libraries a listener may see (null: all of them).
 */
export interface ListMemo {
  scoped(scope: LibraryScope): Remember;
  clear(): void;
}

export const LIST_MEMO_TTL_MS = 5 * 60_000;

export function createListMemo({ changing, now = Date.now, ttlMs = LIST_MEMO_TTL_MS }: { changing: () => boolean; now?: () => number; ttlMs?: number }): ListMemo {
  const kept = createExpiringMemo<string, unknown>({ ttlMs, max: 500, now });
  // Bumped by each clear(): a read begun before it is not kept after it.
  let generation = 0;
  return {
    scoped: (scope) => async (key, read) => {
      if (changing()) return read();
      const full = `${JSON.stringify(scope)} ${key}`;
      const hit = kept.get(full);
      if (hit !== undefined) return hit as Awaited<ReturnType<typeof read>>;
      const at = generation;
      const value = await read();
      if (at === generation && !changing()) kept.set(full, value);
      return value;
    },
    clear() {
      generation++;
      kept.deleteWhere(() => true);
    },
  };
}

/**
 * GET /api/library/albums: album summaries (`songs: null`). `seed` fixes the
 * random order across pages; `filter` keeps albums whose name or artist holds it.
 */
export async function listAlbums(
  ctx: CatalogueCtx,
  sort: AlbumSort,
  page: Page,
  seed: string,
  filter: string | null = null,
  remember?: Remember,
): Promise<LibraryAlbums> {
  const { ids, total, letters } = await selectLibraryAlbumIds(ctx.db, sort, page, seed, filter, remember);
  return { total, start: start(page), results: await albumSummaries(ctx, ids), ...(letters ? { letters } : {}) };
}

/** GET /api/library/artists: artists with their album and song counts and plays; `filter` as for albums. */
export async function listArtists(ctx: CatalogueCtx, sort: ArtistSort, page: Page, filter: string | null = null, remember?: Remember): Promise<LibraryArtists> {
  const { rows, total, letters } = await selectLibraryArtists(ctx.db, sort, page, filter, remember);
  return {
    ...(letters ? { letters } : {}),
    total,
    start: start(page),
    results: rows.map((r) => ({
      ...artistRef(ctx.base, r, 'Artist'),
      // Every artist has a picture: their own album's cover, or one generated from their name.
      hasPicture: true,
      albumCount: r.album_count,
      songCount: r.song_count,
      playCount: r.play_count,
    })),
  };
}

/** GET /api/library/songs: full Song objects. */
export async function listSongs(ctx: CatalogueCtx, sort: SongSort, page: Page, remember?: Remember): Promise<LibrarySongs> {
  const { ids, total } = await selectLibrarySongIds(ctx.db, sort, page, remember);
  return { total, start: start(page), results: await songsByIds(ctx, ids) };
}

const toGenre = (g: GenreRow) => ({ id: g.id, name: g.name, albumCount: g.album_count });

/** GET /api/library/genres: every genre of an album with songs, by name. */
export async function listGenres(ctx: CatalogueCtx): Promise<LibraryGenres> {
  const genres = (await selectGenres(ctx.db)).map(toGenre);
  return { total: genres.length, results: genres };
}

/** GET /api/library/genres/{name}/albums: the genre's albums by name; an unknown genre has none. */
export async function listGenreAlbums(ctx: CatalogueCtx, genre: string, page: Page): Promise<LibraryGenreAlbums> {
  const found = await selectGenre(ctx.db, genre);
  if (!found) return { genre: null, total: 0, start: start(page), results: [] };
  const ids = await selectGenreAlbumIds(ctx.db, genre, page);
  return { genre: toGenre(found), total: found.album_count, start: start(page), results: await albumSummaries(ctx, ids) };
}
