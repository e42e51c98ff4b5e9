/**
 * Realtime events about the music library itself (backend-api.md §7 "Channel names"),
 * in Appwrite's event frame like every other event. The channel is public: guests and
 * signed-in listeners alike may subscribe to it.
 */
export const CATALOGUE_CHANNEL = 'catalogue';

/** Songs left the library (their files were deleted, or can no longer be read). */
export const SONGS_REMOVED_EVENT = 'catalogue.songs.delete';

/** The payload of SONGS_REMOVED_EVENT. */
export interface SongsRemoved {
  /** Song ids, as in `/api/songs/{id}` and `/media/{id}/...`. */
  removed: string[];
}

/** The song ids of a SONGS_REMOVED_EVENT frame; null for any other event or a malformed payload. */
export function removedSongIds(events: readonly string[], payload: unknown): string[] | null {
  if (!events.includes(SONGS_REMOVED_EVENT) || !payload || typeof payload !== 'object') return null;
  const removed = (payload as Partial<SongsRemoved>).removed;
  if (!Array.isArray(removed)) return null;
  return removed.filter((id): id is string => typeof id === 'string' && id !== '');
}
