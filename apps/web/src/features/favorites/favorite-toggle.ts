import type { AddOutcome, RemoveOutcome } from './favorites-api.js';
import type { FailedKind } from './favorites-cache.js';

/** What the listener is told after a toggle settles (SPEC#errors-favourites "Favourites"). */
export type ToggleNotice = 'added' | 'removed' | 'already' | 'failed' | 'error';

export interface ToggleDeps {
  /** The song's state as shown now (optimistic). */
  isFavorite(songId: string): boolean;
  /** Shows (and caches) a state at once, before the server answers. */
  show(songId: string, on: boolean): void;
  add(songId: string): Promise<AddOutcome>;
  remove(songId: string): Promise<RemoveOutcome>;
  markFailed(kind: FailedKind, songId: string): void;
  clearFailed(songId: string): void;
  notify(notice: ToggleNotice): void;
  /** Nothing is waiting for this song any more. */
  settled?(songId: string): void;
  /** setTimeout; tests pass fake timers. */
  schedule(fn: () => void, ms: number): () => void;
  debounceMs: number;
}

interface Entry {
  /** What the server holds, as far as we know. */
  confirmed: boolean;
  /** What the listener asked for last. */
  desired: boolean;
  cancel: (() => void) | null;
  running: boolean;
}

/**
 * SPEC#states-favourite-toggle-player: the state flips at once; a call runs 500 ms after
 * the last tap (so a double tap sends nothing); only one call per song runs
 * at a time, and a tap during it is sent when it ends. A `failed` outcome
 * keeps the local state and queues the change in the failed lists; an
 * exception restores the last confirmed state.
 */
export function createFavoriteToggler(deps: ToggleDeps) {
  const entries = new Map<string, Entry>();

  const settle = (songId: string, e: Entry) => {
    if (!e.running && !e.cancel && e.desired === e.confirmed) {
      entries.delete(songId);
      deps.settled?.(songId);
    }
  };

  async function flush(songId: string): Promise<void> {
    const e = entries.get(songId);
    if (!e) return;
    e.cancel = null;
    if (e.running) return; // The running call looks again when it ends.
    if (e.desired === e.confirmed) return settle(songId, e);
    e.running = true;
    const target = e.desired;
    try {
      if (target) {
        const outcome = await deps.add(songId);
        e.confirmed = true;
        if (outcome === 'failed') deps.markFailed('add', songId);
        else deps.clearFailed(songId);
        deps.notify(outcome === 'added' ? 'added' : outcome === 'already' ? 'already' : 'failed');
      } else {
        const outcome = await deps.remove(songId);
        e.confirmed = false;
        if (outcome === 'failed') deps.markFailed('remove', songId);
        else deps.clearFailed(songId);
        deps.notify(outcome === 'failed' ? 'failed' : 'removed');
      }
    } catch {
      // Only undo if the listener has not moved on since this call started.
      if (e.desired === target) {
        e.desired = e.confirmed;
        deps.show(songId, e.confirmed);
      }
      deps.notify('error');
    } finally {
      e.running = false;
    }
    if (e.desired !== e.confirmed && !e.cancel) await flush(songId);
    else settle(songId, e);
  }

  return {
    toggle(songId: string): boolean {
      const shown = deps.isFavorite(songId);
      const e = entries.get(songId) ?? { confirmed: shown, desired: shown, cancel: null, running: false };
      entries.set(songId, e);
      e.desired = !shown;
      deps.show(songId, e.desired);
      e.cancel?.();
      e.cancel = deps.schedule(() => void flush(songId), deps.debounceMs);
      return e.desired;
    },
    /** True while a change of this song is waiting or being sent. */
    isPending: (songId: string): boolean => entries.has(songId),
  };
}

export type FavoriteToggler = ReturnType<typeof createFavoriteToggler>;
