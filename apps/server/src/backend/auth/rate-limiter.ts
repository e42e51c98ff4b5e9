import { createMemoryLimiterStore, type LimiterStore } from './limiter-store.js';
import { recentHits, waitMs, type Window } from './rate-window.js';

/**
 * A sliding-window limit on attempts per key, counted in a LimiterStore: in
 * memory for one process, in PostgreSQL when several instances share the
 * database (limiter-store.ts), so the limit is the same whichever instance
 * a client reaches.
 */
export interface RateLimiter {
  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string): Promise<number>;
  /** The same wait and how many attempts are counted in the window now (nothing is written: a check on every request stays a read). */
  peek(key: string): Promise<{ waitMs: number; attempts: number }>;
  /** Counts an attempt (a failure, for limits that count only those). */
  recordFailure(key: string): Promise<void>;
  /** Forgets the key's attempts (a success forgives earlier failures). */
  reset(key: string): Promise<void>;
  /** Check and count at once: 0 and counted when it may go ahead, else the wait (not counted). */
  take(key: string): Promise<number>;
}

export interface RateLimiterOptions extends Window {
  /** Keeps this limiter's keys apart from others' in a shared store. */
  name: string;
  now: () => number;
  store?: LimiterStore;
}

export function createRateLimiter({ name, max, windowMs, now, store = createMemoryLimiterStore() }: RateLimiterOptions): RateLimiter {
  const w = { max, windowMs };
  const id = (key: string) => `${name}:${key}`;
  const kept = (hits: number[], result: number) => ({ hits, expiresAt: (hits.at(-1) ?? 0) + windowMs, result });
  const peek = async (key: string) => {
    const t = now();
    const recent = recentHits(await store.hits(id(key)), w, t);
    return { waitMs: waitMs(recent, w, t), attempts: recent.length };
  };
  return {
    peek,
    retryAfterMs: async (key) => (await peek(key)).waitMs,
    async recordFailure(key) {
      const t = now();
      await store.update(id(key), t, (hits) => kept(recentHits([...hits, t], w, t), 0));
    },
    reset: (key) => store.remove(id(key)),
    take(key) {
      const t = now();
      return store.update(id(key), t, (hits) => {
        const recent = recentHits(hits, w, t);
        const wait = waitMs(recent, w, t);
        return wait > 0 ? kept(recent, wait) : kept(recentHits([...recent, t], w, t), 0);
      });
    },
  };
}
