import type { Queryable } from '../db/db.js';
import { selectAlbumTrackArtists } from '../catalogue/module.js';
import { selectAlbums, selectCallerFacts, type AlbumRow } from './library-albums.sql.js';
import { NO_CALLER_FACTS, type AlbumArtist, type CallerFacts } from './shapes.js';

export interface LoadedAlbum {
  row: AlbumRow;
  artists: AlbumArtist[];
}

/** An album with what the caller alone knows of it. */
export interface CallerAlbum extends LoadedAlbum {
  mine: CallerFacts;
}

/**
 * Albums with the caller's rating and latest play of each: kept on the album shelf
 * when the page came from it (`facts`, album-shelf.ts), else read in one statement
 * for the page.
 */
export async function forCaller<T extends LoadedAlbum>(
  db: Queryable,
  userId: string,
  albums: readonly T[],
  facts: Promise<ReadonlyMap<string, CallerFacts>> | null = null,
): Promise<(T & CallerAlbum)[]> {
  const mine = (await facts) ?? new Map((await selectCallerFacts(db, userId, 'album', albums.map((a) => a.row.id))).map((f) => [f.id, f]));
  return albums.map((a) => ({ ...a, mine: mine.get(a.row.id) ?? NO_CALLER_FACTS }));
}

/** Albums in the order of `ids`, each with its artists: the album artist, else its tracks' main performers. */
export async function loadAlbums(db: Queryable, ids: readonly string[]): Promise<LoadedAlbum[]> {
  return withArtists(db, await selectAlbums(db, ids));
}

/** Album rows with their artists: the album artist, else their tracks' main performers (read for those only). */
export async function withArtists(db: Queryable, rows: readonly AlbumRow[]): Promise<LoadedAlbum[]> {
  const without = rows.filter((r) => !r.artist_id).map((r) => r.id);
  // Grouped once: the album shelf reads every album without an album artist at a time.
  const fromTracks = new Map<string, AlbumArtist[]>();
  for (const a of without.length ? await selectAlbumTrackArtists(db, without) : []) {
    const artists = fromTracks.get(a.album_id) ?? [];
    artists.push({ id: a.id, name: a.name });
    fromTracks.set(a.album_id, artists);
  }
  return rows.map((row) => ({
    row,
    artists: row.artist_id ? [{ id: row.artist_id, name: row.artist_name ?? '' }] : (fromTracks.get(row.id) ?? []),
  }));
}
