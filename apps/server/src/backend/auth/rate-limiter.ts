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
  /**
   * take, with a way to give the counted attempt back (a sign-in that turned
   * out right, or one another limit refused). Many callers reserving at once
   * each get a slot or a wait, never more slots than the limit has.
   */
  reserve(key: string): Promise<Reservation>;
}

export interface Reservation {
  /** 0 when the attempt was counted and may go ahead, else the milliseconds to wait (nothing counted). */
  waitMs: number;
  /** Uncounts this attempt (nothing when it was refused). */
  giveBack(): Promise<void>;
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
  const reserve = async (key: string): Promise<Reservation> => {
    const t = now();
    const wait = await store.update(id(key), t, (hits) => {
      const recent = recentHits(hits, w, t);
      const wait = waitMs(recent, w, t);
      return wait > 0 ? kept(recent, wait) : kept(recentHits([...recent, t], w, t), 0);
    });
    if (wait > 0) return { waitMs: wait, giveBack: async () => {} };
    let given = false;
    return {
      waitMs: 0,
      async giveBack() {
        if (given) return;
        given = true;
        await store.update(id(key), now(), (hits) => {
          const i = hits.lastIndexOf(t);
          return kept(i < 0 ? hits : hits.toSpliced(i, 1), 0);
        });
      },
    };
  };
  return {
    peek,
    retryAfterMs: async (key) => (await peek(key)).waitMs,
    async recordFailure(key) {
      const t = now();
      await store.update(id(key), t, (hits) => kept(recentHits([...hits, t], w, t), 0));
    },
    reset: (key) => store.remove(id(key)),
    take: async (key) => (await reserve(key)).waitMs,
    reserve,
  };
}

/**
 * One limiter per kind of a table of limits (the account and creation limits), each made when first
 * used and named `<prefix>-<kind>` in the store.
 */
export function rateLimitersByKind<K extends string>(prefix: string, limits: Readonly<Record<K, Window>>, now: () => number, store?: LimiterStore): (kind: K) => RateLimiter {
  const limiters = new Map<K, RateLimiter>();
  return (kind) => {
    let l = limiters.get(kind);
    if (!l) limiters.set(kind, (l = createRateLimiter({ name: `${prefix}-${kind}`, ...limits[kind], now, store })));
    return l;
  };
}
