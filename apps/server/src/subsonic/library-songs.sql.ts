import { favouriteSongs } from '../backend/module.js';
import { selectSongDetails, type SongDetails } from '../catalogue/module.js';
import type { Queryable } from '../db/db.js';
import { selectCallerFacts } from './library-albums.sql.js';

/**
 * Songs in the shape Subsonic clients need: the catalogue's song details (file facts its wire shapes leave
 * out), with the caller's own facts added: their favourites (the backend's), and their ratings and latest
 * plays (this module's). Each part is one statement for the whole page of ids, however many songs it holds.
 */
export interface SongRow extends SongDetails {
  /** Made a favourite by the caller, ISO. */
  starred: string | null;
  /** The caller's 1-5 stars (setRating), or null. */
  user_rating: number | null;
  /** When the caller last played it, ISO. */
  played: string | null;
}

/** Songs by id, in the order asked, unknown ids dropped, each with the caller's star, rating and latest play. */
export async function selectSongs(db: Queryable, ids: readonly string[], userId: string): Promise<SongRow[]> {
  if (ids.length === 0) return [];
  const songs = await selectSongDetails(db, ids);
  if (songs.length === 0) return [];
  const found = songs.map((s) => s.id);
  const [facts, favourites] = await Promise.all([selectCallerFacts(db, userId, 'song', found), favouriteSongs(db).times(userId, found)]);
  const mine = new Map(facts.map((f) => [f.id, f]));
  return songs.map((s) => ({
    ...s,
    starred: favourites.get(s.id) ?? null,
    user_rating: mine.get(s.id)?.rating ?? null,
    played: mine.get(s.id)?.played ?? null,
  }));
}
