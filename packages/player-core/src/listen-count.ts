/**
 * When a play counts for the listener's history: once they have listened to
 * half the song or 4 minutes, whichever comes first (the common scrobbling
 * rule). Listening is time heard, not position: a seek past the middle does
 * not count, and a song heard twice in one go counts once per start.
 */
export const LISTEN_COUNT_MAX_S = 240;

/** Seconds of listening after which a play of a song this long counts. */
export function listenThresholdS(durationS: number): number {
  if (!(durationS > 0)) return LISTEN_COUNT_MAX_S;
  return Math.min(durationS / 2, LISTEN_COUNT_MAX_S);
}

/** A jump between two samples longer than this is a seek, not listening. */
const MAX_STEP_S = 2;

export interface ListenTracker {
  /**
   * One progress sample of the current song. Returns true exactly once per
   * play of a song: at the sample where its listening passes the threshold.
   */
  sample(songId: string, positionS: number, durationS: number, playing: boolean): boolean;
}

export function createListenTracker(): ListenTracker {
  let songId: string | null = null;
  let lastS = 0;
  let heardS = 0;
  let counted = false;
  return {
    sample(id, positionS, durationS, playing) {
      if (id !== songId) {
        songId = id;
        heardS = 0;
        counted = false;
        lastS = positionS;
        return false;
      }
      const step = positionS - lastS;
      // Back at the start after the end (a one-song queue repeating): a new play.
      if (counted && step < -MAX_STEP_S && positionS < 1) {
        heardS = 0;
        counted = false;
      }
      lastS = positionS;
      if (!playing || step <= 0 || step > MAX_STEP_S) return false;
      heardS += step;
      if (counted || heardS < listenThresholdS(durationS)) return false;
      counted = true;
      return true;
    },
  };
}
