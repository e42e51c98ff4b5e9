import type { Queryable } from '../db/db.js';
import { librariesJoined, type MusicLibrary } from '../music-libraries.js';

/** A song a scan removed, and the library (MUSIC_DIRS) it was in. */
export interface RemovedSong {
  id: string;
  libraryId: string;
}

/** How long a removed song's library is kept when no scan announces it (a song moved between folders). */
const KEEP_REMOVED = '1 day';

/**
 * The libraries of the songs a scan removed, from the rows catalogue migration 1000's trigger wrote as their
 * tracks were deleted (those rows are taken, and stale ones dropped). With one library, every song is in it.
 * A song whose row is missing is said to be in no library (''), which no listener but an administrator sees.
 */
export async function removedSongLibraries(db: Queryable, libraries: readonly MusicLibrary[], songIds: readonly string[]): Promise<RemovedSong[]> {
  const taken = await db.query<{ id: string; library_id: string }>(
    'delete from catalogue_removed_songs where id = any($1::text[]) returning id, library_id',
    [[...songIds]],
  );
  await db.query(`delete from catalogue_removed_songs where removed_at < now() - interval '${KEEP_REMOVED}'`);
  if (!librariesJoined(libraries)) return songIds.map((id) => ({ id, libraryId: libraries[0]?.id ?? '' }));
  const libraryOf = new Map(taken.map((r) => [r.id, r.library_id]));
  return songIds.map((id) => ({ id, libraryId: libraryOf.get(id) ?? '' }));
}
