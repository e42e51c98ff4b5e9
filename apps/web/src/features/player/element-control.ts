import type { AudioLike } from './audio-engine-types.js';
import type { PlayerActions } from './player-store.js';

/**
 * Playing and pausing the element for the engine's own reasons. A pause the
 * engine makes (a new load, a stall) is not the listener pausing: its 'pause'
 * event is recognised and the store is not told. A play the browser refuses
 * (no gesture yet) leaves the player paused.
 */
export function createElementControl(audio: AudioLike, actions: () => PlayerActions) {
  let expectedPauses = 0;
  return {
    /** Pauses without telling the store the listener paused. */
    pauseQuietly() {
      if (audio.paused) return;
      expectedPauses++;
      audio.pause();
    },
    /** For a 'pause' event: true when the engine made it (and it is now accounted for). */
    ownPause(): boolean {
      if (expectedPauses === 0) return false;
      expectedPauses--;
      return true;
    },
    playNow() {
      audio.play().catch((e: unknown) => {
        const name = e instanceof Error || e instanceof DOMException ? e.name : '';
        // AbortError: a newer load or pause replaced this play; nothing to report.
        if (name === 'NotAllowedError') {
          actions().setPlaying(false);
          actions().setLoading(false);
        }
      });
    },
  };
}

export type ElementControl = ReturnType<typeof createElementControl>;
