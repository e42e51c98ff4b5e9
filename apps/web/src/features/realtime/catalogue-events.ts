import { removedSongIds } from '@lyra/contracts/catalogue-events';
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '../../shared/lib/backend.js';
import { songsLeftLibrary } from '../player/index.js';
import { CATALOGUE_KEY } from '../../shared/lib/catalogue-queries.js';

export { CATALOGUE_CHANNEL } from '@lyra/contracts/catalogue-events';

/**
 * The library changed on the server (the public `catalogue` channel, heard by
 * every open app, signed in or not): songs whose files were deleted leave the
 * queue, with one toast when any were queued, and the catalogue's lists are read
 * again. Returns false for an event that is not the catalogue's.
 */
export function applyCatalogueEvent(queryClient: QueryClient, event: RealtimeEvent): boolean {
  const ids = removedSongIds(event.events, event.payload);
  if (ids === null) return false;
  if (ids.length === 0) return true;
  songsLeftLibrary(ids);
  void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
  return true;
}
