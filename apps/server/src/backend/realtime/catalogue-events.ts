import { CATALOGUE_CHANNEL, SONGS_REMOVED_EVENT, type SongsRemoved } from '@lyra/contracts/catalogue-events';
import { formatTimestamp } from '../documents/document-model.js';
import type { BackendEvent } from './event-bus.js';

/**
 * Songs that left the music library, for every open app (signed in or not) on
 * the public `catalogue` channel: they drop them from their queues. Published on
 * the event bus, so it reaches the sockets of every server instance. `roles`:
 * who may hear of them (a library open to chosen accounts only, LibraryAccess.audience).
 */
export function songsRemovedEvent(songIds: readonly string[], at: Date | number, roles: readonly string[] = ['any']): BackendEvent {
  const payload: SongsRemoved = { removed: [...songIds] };
  return {
    events: [SONGS_REMOVED_EVENT],
    channels: [CATALOGUE_CHANNEL],
    roles: [...roles],
    payload: { ...payload },
    timestamp: formatTimestamp(at),
  };
}
