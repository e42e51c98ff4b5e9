import type { AudioLike } from './audio-engine-types.js';
import { ARRIVED_TOLERANCE_S, canSeekTo } from './source-address.js';

/**
 * Where the song is and how long it is, as the listener should see it.
 *
 * - A load that starts at a position is "pending" until the element is
 *   there: an offset stream reports 0 until its first data, and a cached
 *   file needs a seek once it is open. Meanwhile the position shown is the
 *   one asked for.
 * - The length is the catalogue's, or the element's when it says more: while
 *   a first transcode streams the element only knows what has arrived.
 */
export function createPlaybackPosition(audio: AudioLike) {
  let pendingS: number | null = null;
  let lastS = 0;
  let knownDurationS = 0;
  let shownDurationS = -1;

  const durationS = () => Math.max(Number.isFinite(audio.duration) ? audio.duration : 0, knownDurationS);

  return {
    durationS,
    /** The position now: the one asked for while a load is on its way there. */
    nowS: () => (pendingS != null ? pendingS : audio.currentTime),
    /** The last position seen (what a retry starts from). */
    lastS: () => (pendingS != null ? pendingS : lastS),
    pending: () => pendingS != null,
    /** A new load of a song (its catalogue length) starting at `positionS`. */
    startAt(positionS: number, catalogueDurationS?: number) {
      if (catalogueDurationS !== undefined) knownDurationS = catalogueDurationS > 0 ? catalogueDurationS : 0;
      pendingS = positionS > 0 ? positionS : null;
      lastS = positionS;
    },
    /** The element itself jumped there (a seek in a file). */
    jumpedTo(positionS: number) {
      lastS = positionS;
    },
    /**
     * Once the element knows where it is, checks it is where the load asked:
     * seeks there when it can (a cached file), waits while an offset stream
     * starts, and gives up on a source that started elsewhere and cannot seek
     * (`settled`: the element has data; another host ignoring the offset).
     */
    arrive(settled: boolean) {
      if (pendingS == null) return;
      if (Math.abs(audio.currentTime - pendingS) <= ARRIVED_TOLERANCE_S) pendingS = null;
      else if (canSeekTo(audio.seekable, pendingS)) {
        audio.currentTime = pendingS;
        pendingS = null;
      } else if (settled) pendingS = null;
    },
    /** Reads the element; the values to show. */
    sample(): { positionS: number; durationS: number } {
      if (pendingS == null) lastS = audio.currentTime;
      shownDurationS = durationS();
      return { positionS: lastS, durationS: shownDurationS };
    },
    /** True when the length shown would change (a live stream's grows with every fragment). */
    durationChanged: () => durationS() !== shownDurationS,
  };
}

export type PlaybackPosition = ReturnType<typeof createPlaybackPosition>;
