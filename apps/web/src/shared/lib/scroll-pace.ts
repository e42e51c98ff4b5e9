/**
 * How fast the page scrolls, for pictures that wait while a list flies past (covers in Library's
 * long lists): at a few screens a second a row is on screen for a fraction of a second, too short
 * to look at its cover, and every cover asked for then is one the server draws or resizes and
 * the page decodes for nothing, in the frames the scroll needs. Photo and music apps on phones do
 * the same: pictures load once a fling slows down.
 *
 * The pace is "fast" while the page moves more than FAST_SCREENS_PER_S screen heights a second
 * (measured over the last SPAN_MS), and "settled" once it is slower or has not moved for SETTLE_MS.
 */
export const FAST_SCREENS_PER_S = 2;
export const SPAN_MS = 100;
export const SETTLE_MS = 150;

/** The time of a position the page has rested at (settled there). */
const RESTED = -Infinity;

export interface ScrollPace {
  /** A scroll position `y` (px) seen at `at` (ms). */
  moved(y: number, at: number): void;
  /** True while the page moves fast. */
  fast(): boolean;
  /** Calls `listener` when fast() changes; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * The pace of a page whose screen is `screenPx()` tall. `later(fn, ms)` runs fn after ms (a
 * timer), answering a cancel: the page settles when no move comes for SETTLE_MS.
 */
export function createScrollPace(screenPx: () => number, later: (fn: () => void, ms: number) => () => void): ScrollPace {
  const samples: { y: number; at: number }[] = [];
  const listeners = new Set<() => void>();
  let isFast = false;
  let cancelSettle: (() => void) | null = null;

  const set = (next: boolean) => {
    if (next === isFast) return;
    isFast = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    moved(y, at) {
      const last = samples[samples.length - 1];
      samples.push({ y, at });
      // The oldest kept is the last position seen at least SPAN_MS ago (or the first ever seen).
      while (samples.length > 2 && at - samples[1]!.at >= SPAN_MS) samples.shift();
      const from = samples[0]!;
      // From where the page rested, over SPAN_MS: after a pause, a jump (the letter rail, a key) counts as a fling.
      const ms = from.at === RESTED ? SPAN_MS : Math.max(at - from.at, 1);
      const pxPerS = last ? (Math.abs(y - from.y) * 1000) / ms : 0;
      set(pxPerS > FAST_SCREENS_PER_S * screenPx());
      cancelSettle?.();
      cancelSettle = later(() => {
        cancelSettle = null;
        samples.splice(0, samples.length - 1);
        samples[0]!.at = RESTED;
        set(false);
      }, SETTLE_MS);
    },
    fast: () => isFast,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
