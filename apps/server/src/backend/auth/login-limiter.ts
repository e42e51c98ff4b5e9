import type { LimiterStore } from './limiter-store.js';
import { createRateLimiter } from './rate-limiter.js';
import { recentHits, waitMs } from './rate-window.js';

/**
 * Failed sign-in attempts per (email, IP) in a sliding window. Only failures
 * count, so a household behind one address signing in often is never locked
 * out; guessing is capped at `max` tries per window. This one is in memory,
 * per process; `createRateLimiter` (rate-limiter.ts) counts the same way in a
 * store that several server instances can share.
 */
export interface LoginLimiter {
  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string): number;
  recordFailure(key: string): void;
  /** A success forgives earlier failures. */
  reset(key: string): void;
}

export interface LoginLimiterOptions {
  max: number;
  windowMs: number;
  now: () => number;
  /** Bound on remembered keys; the oldest are forgotten first. */
  maxKeys?: number;
}

/** Appwrite allows 10 session attempts per hour per email; we count failures only. */
export const LOGIN_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;

/** Failures from one address across all accounts: caps spraying many emails. */
export const LOGIN_IP_LIMIT = { max: 30, windowMs: 60 * 60_000 } as const;

/**
 * Sign-in failures counted per account and per client address at once: a
 * guess is refused while either is over its limit, and both count a failure.
 * Counted in `store` (limiter-store.ts: shared by every instance on one
 * PostgreSQL), in this process's memory when none is given.
 */
export interface SignInLimiter {
  retryAfterMs(account: string, ip: string): Promise<number>;
  recordFailure(account: string, ip: string): Promise<void>;
  /** A success forgives the account's failures (not the address's). */
  reset(account: string): Promise<void>;
}

export function createSignInLimiter(now: () => number, store?: LimiterStore): SignInLimiter {
  const perAccount = createRateLimiter({ name: 'sign-in', ...LOGIN_LIMIT, now, store });
  const perIp = createRateLimiter({ name: 'sign-in-address', ...LOGIN_IP_LIMIT, now, store });
  return {
    retryAfterMs: async (account, ip) => Math.max(await perAccount.retryAfterMs(account), await perIp.retryAfterMs(ip)),
    async recordFailure(account, ip) {
      await perAccount.recordFailure(account);
      await perIp.recordFailure(ip);
    },
    reset: (account) => perAccount.reset(account),
  };
}

export function createLoginLimiter({ max, windowMs, now, maxKeys = 10_000 }: LoginLimiterOptions): LoginLimiter {
  const failures = new Map<string, number[]>();
  const w = { max, windowMs };
  const recent = (key: string) => {
    const list = recentHits(failures.get(key) ?? [], w, now());
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };
  return {
    retryAfterMs: (key) => waitMs(recent(key), w, now()),
    recordFailure(key) {
      const list = recent(key);
      failures.delete(key);
      failures.set(key, [...list, now()]);
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value!);
    },
    reset: (key) => void failures.delete(key),
  };
}
