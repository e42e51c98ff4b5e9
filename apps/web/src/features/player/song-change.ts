import type { Song } from '@lyra/contracts/catalogue';
import { PLAYER } from '@lyra/player-core/constants';
import type { PlayerActions } from './player-store.js';
import type { SourceLoader } from './source-loader.js';

export interface SongChangeContext {
  loader: SourceLoader;
  actions(): PlayerActions;
  /** Pauses the element without telling the store the listener paused. */
  pauseQuietly(): void;
  /** Drops the pending retry of the song before (playback-recovery.ts). */
  cancelRetry(): void;
  /** A new song: nothing left to recover. */
  resetRecovery(): void;
  /** Shows the song on the lock screen (media-session.ts). */
  show(song: Song | undefined): void;
}

/**
 * What happens when the current song changes. SPEC#limits-player: its source load
 * starts 200 ms later, so skipping through several songs quickly fetches only
 * the one that stays; a seek meanwhile moves where that load starts. A song
 * that took over gaplessly is already playing in the output: nothing loads.
 */
export function createSongChange(ctx: SongChangeContext) {
  let scheduledId: string | null = null;
  /** The song that took over gaplessly (already playing in the output). */
  let handedOverId: string | null = null;
  let loadTimer: ReturnType<typeof setTimeout> | null = null;
  /** Where a load still waiting for its 200 ms should start. */
  let scheduledStartS = 0;

  /** Drops a load still waiting for its 200 ms, and any pending retry. */
  const cancel = () => {
    if (loadTimer) clearTimeout(loadTimer);
    loadTimer = null;
    ctx.cancelRetry();
  };

  return {
    cancel,
    /** The song whose load was last scheduled (null: none). */
    scheduledId: () => scheduledId,
    /** A load is still waiting for its 200 ms. */
    waiting: () => loadTimer != null,
    /** Moves where the waiting load starts. */
    startAt(positionS: number) {
      scheduledStartS = positionS;
    },
    handedOver(songId: string) {
      handedOverId = songId;
    },
    schedule(song: Song | undefined) {
      cancel();
      scheduledId = song?.id ?? null;
      scheduledStartS = 0;
      ctx.resetRecovery();
      const continued = song != null && song.id === handedOverId;
      handedOverId = null;
      if (continued) {
        ctx.show(song);
        ctx.loader.adopt(song);
        ctx.actions().setLoading(false);
        return;
      }
      ctx.pauseQuietly();
      ctx.show(song);
      if (!song) {
        ctx.loader.unload();
        ctx.actions().setLoading(false);
        return;
      }
      ctx.actions().setLoading(true);
      loadTimer = setTimeout(() => {
        loadTimer = null;
        ctx.loader.loadSong(song, scheduledStartS);
      }, PLAYER.SOURCE_DELAY_MS);
    },
  };
}

export type SongChange = ReturnType<typeof createSongChange>;
