/**
 * The sliding window every rate limit counts in, as pure functions over the
 * times (ms) of a key's counted attempts, oldest first. Only the latest `max`
 * matter: the wait ends when the oldest of them leaves the window.
 */
export interface Window {
  max: number;
  windowMs: number;
}

/** The hits still inside the window at `now`, at most the latest `max`. */
export function recentHits(hits: readonly number[], w: Window, now: number): number[] {
  const since = now - w.windowMs;
  const recent = hits.filter((t) => t > since);
  return recent.length > w.max ? recent.slice(recent.length - w.max) : recent;
}

/** Milliseconds until another attempt may go ahead, 0 when it may now. */
export function waitMs(hits: readonly number[], w: Window, now: number): number {
  const recent = recentHits(hits, w, now);
  return recent.length < w.max ? 0 : recent[recent.length - w.max]! + w.windowMs - now;
}
