import type { LimiterStore } from './limiter-store.js';
import { createRateLimiter, type Reservation } from './rate-limiter.js';
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

const HOUR_MS = 60 * 60_000;

/**
 * Wrong passwords for one account from one address: 10 an hour (Appwrite
 * allows 10 session attempts per hour per email). Counted per (account,
 * address) pair, so a stranger's guesses cannot lock the owner out from the
 * owner's own address; `account` caps the same account from every address
 * together (both the web sign-in and Subsonic's account-password check count
 * in it, under its name), so many addresses cannot guess without bound.
 */
export const LOGIN_LIMIT = {
  max: 10,
  windowMs: HOUR_MS,
  account: { name: 'sign-in-account', max: 50, windowMs: HOUR_MS },
} as const;

/** Failures from one address across all accounts: caps spraying many emails. */
export const LOGIN_IP_LIMIT = { max: 30, windowMs: HOUR_MS } as const;

/**
 * Password sign-ins counted per (account, address), per address and per
 * account (LOGIN_LIMIT, LOGIN_IP_LIMIT), in `store` (limiter-store.ts: shared
 * by every instance on one PostgreSQL), in this process's memory when none is
 * given. A slot is reserved in each count before the password is checked, so
 * attempts made at once are counted like attempts made one after another.
 */
export interface SignInLimiter {
  /** Reserves the attempt's slots, or says how long to wait (then nothing is counted and the password must not be checked). */
  attempt(account: string, ip: string): Promise<SignInAttempt>;
}

export interface SignInAttempt {
  /** 0 when the password may be checked; a wrong one stays counted. */
  waitMs: number;
  /** The password was right: its slots are given back, and the pair's earlier failures forgiven (not the address's or the account's). */
  succeeded(): Promise<void>;
}

export function createSignInLimiter(now: () => number, store?: LimiterStore): SignInLimiter {
  const perPair = createRateLimiter({ name: 'sign-in', max: LOGIN_LIMIT.max, windowMs: LOGIN_LIMIT.windowMs, now, store });
  const perIp = createRateLimiter({ name: 'sign-in-address', ...LOGIN_IP_LIMIT, now, store });
  const perAccount = createRateLimiter({ ...LOGIN_LIMIT.account, now, store });
  return {
    async attempt(account, ip) {
      // An address holds no '|', so the pair's key is unambiguous. The pair is
      // reserved first: a burst from one address is turned away there and
      // never fills the account's count that the owner's other addresses share.
      const pairKey = `${ip}|${account}`;
      const taken: Reservation[] = [];
      for (const [limiter, key] of [[perPair, pairKey], [perIp, ip], [perAccount, account]] as const) {
        const slot = await limiter.reserve(key);
        if (slot.waitMs > 0) {
          for (const t of taken) await t.giveBack();
          return { waitMs: slot.waitMs, succeeded: async () => {} };
        }
        taken.push(slot);
      }
      return {
        waitMs: 0,
        async succeeded() {
          await perPair.reset(pairKey);
          for (const t of taken.slice(1)) await t.giveBack();
        },
      };
    },
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
