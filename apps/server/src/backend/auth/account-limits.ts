import type { LimiterStore } from './limiter-store.js';
import { createRateLimiter, rateLimitersByKind, type RateLimiter } from './rate-limiter.js';

const HOUR_MS = 60 * 60_000;

/**
 * Appwrite's abuse limits on the calls that mail a secret or check one: every
 * attempt counts, 10 per 60 minutes per key (keys are e.g. `email:<address>`
 * and `ip:<address>`, both checked). Same shape as the creation limits
 * (creation-limits.ts), counted by the same rate limiter in the same store
 * (shared by every instance on one PostgreSQL, else in memory).
 */
export const ACCOUNT_LIMITS = {
  /** POST /account/recovery: per email and per address. */
  recovery: { max: 10, windowMs: HOUR_MS },
  /** PUT /account/recovery: per user. */
  recoveryUpdate: { max: 10, windowMs: HOUR_MS },
  /** POST /account/verification(s/email): per user. */
  verification: { max: 10, windowMs: HOUR_MS },
  /** PUT /account/verification(s/email): per user. */
  verificationUpdate: { max: 10, windowMs: HOUR_MS },
  /** POST /account/tokens/magic-url and /tokens/email: per email and per address. */
  emailToken: { max: 10, windowMs: HOUR_MS },
  /** POST /account/mfa/challenge(s) with the email factor: per user. */
  mfaEmail: { max: 10, windowMs: HOUR_MS },
  /** POST /account/jwts: per user. */
  jwt: { max: 60, windowMs: HOUR_MS },
} as const;

export type AccountLimitKind = keyof typeof ACCOUNT_LIMITS;

export interface AccountLimits {
  /**
   * Counts an attempt under every key and answers 0 when all were under their
   * limit, else the milliseconds until the most restrictive one frees up (then
   * nothing is counted).
   */
  take(kind: AccountLimitKind, keys: string[]): Promise<number>;
}

export const NO_ACCOUNT_LIMITS: AccountLimits = { take: async () => 0 };

export function createAccountLimits(now: () => number, store?: LimiterStore): AccountLimits {
  const limiter = rateLimitersByKind('account', ACCOUNT_LIMITS, now, store);
  return {
    async take(kind, keys) {
      const l = limiter(kind);
      const wait = Math.max(0, ...(await Promise.all(keys.map((k) => l.retryAfterMs(k)))));
      if (wait > 0) return wait;
      for (const k of keys) await l.recordFailure(k);
      return 0;
    },
  };
}

/**
 * Wrong guesses of a short secret (6-digit codes, TOTP, recovery codes,
 * tokens): 10 failures per hour per key; a success forgives. Always on, like
 * the sign-in limiter: a 6-digit code must not be guessable by brute force.
 */
export function createGuessLimiter(now: () => number, store?: LimiterStore): RateLimiter {
  return createRateLimiter({ name: 'secret-guesses', max: 10, windowMs: HOUR_MS, now, store });
}

export type GuessLimiter = RateLimiter;
