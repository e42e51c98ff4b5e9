import type { LimiterStore } from './limiter-store.js';
import { rateLimitersByKind } from './rate-limiter.js';

/**
 * Per-address limits on creating things (Appwrite's abuse limits): every
 * attempt counts, successful or not. `take` answers 0 and counts the attempt
 * when it may go ahead, else the milliseconds until it may. Counted in
 * `store` (shared by every instance on one PostgreSQL), else in memory.
 */
export const CREATION_LIMITS = {
  /** Appwrite: POST /v1/account, 10 per 60 minutes per IP. */
  signUp: { max: 10, windowMs: 60 * 60_000 },
  /** Appwrite: POST /v1/account/sessions/anonymous, 50 per 60 minutes per IP. */
  anonymousSession: { max: 50, windowMs: 60 * 60_000 },
} as const;

export type CreationKind = keyof typeof CREATION_LIMITS;

export interface CreationLimits {
  take(kind: CreationKind, ip: string): Promise<number>;
}

export const NO_CREATION_LIMITS: CreationLimits = { take: async () => 0 };

export function createCreationLimits(now: () => number, store?: LimiterStore): CreationLimits {
  const limiter = rateLimitersByKind('create', CREATION_LIMITS, now, store);
  return { take: (kind, ip) => limiter(kind).take(ip) };
}
