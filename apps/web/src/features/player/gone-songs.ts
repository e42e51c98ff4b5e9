import type { Song } from '@lyra/contracts/catalogue';
import { toast } from '../../shared/lib/toast.js';
import { songTitle } from '../../shared/lib/song-view.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import type { PlayerActions } from './player-store.js';

/** What the listener is told when songs of the queue left the library (SPEC#errors-queue). */
export function goneMessage(songs: readonly Song[]): string {
  return songs.length === 1 ? `“${songTitle(songs[0]!)}” is no longer in the library` : `${songs.length} songs are no longer in the library`;
}

/**
 * Songs that left the library (their files were deleted) leave the queue, with
 * one toast for them all; a queue without them says nothing. The current song
 * stays when `keepCurrent` (it plays from a decoded copy and can finish); else
 * the next song takes its place. Returns the songs taken out.
 */
export function dropGoneSongs(actions: Pick<PlayerActions, 'removeSongs'>, ids: readonly string[], keepCurrent: boolean): Song[] {
  const dropped = actions.removeSongs(ids, keepCurrent);
  if (dropped.length > 0) toast(goneMessage(dropped), { duration: TOAST_MS.default });
  return dropped;
}
