import { createLoginLimiter, type LoginLimiter } from './login-limiter.js';

/**
 * Per-address limits on creating things (Appwrite's abuse limits): every
 * attempt counts, successful or not. `take` answers 0 and counts the attempt
 * when it may go ahead, else the milliseconds until it may.
 */
export const CREATION_LIMITS = {
  /** Appwrite: POST /v1/account, 10 per 60 minutes per IP. */
  signUp: { max: 10, windowMs: 60 * 60_000 },
  /** Appwrite: POST /v1/account/sessions/anonymous, 50 per 60 minutes per IP. */
  anonymousSession: { max: 50, windowMs: 60 * 60_000 },
} as const;

export type CreationKind = keyof typeof CREATION_LIMITS;

export interface CreationLimits {
  take(kind: CreationKind, ip: string): number;
}

export const NO_CREATION_LIMITS: CreationLimits = { take: () => 0 };

export function createCreationLimits(now: () => number): CreationLimits {
  const limiters = new Map<CreationKind, LoginLimiter>();
  const limiter = (kind: CreationKind) => {
    let l = limiters.get(kind);
    if (!l) limiters.set(kind, (l = createLoginLimiter({ ...CREATION_LIMITS[kind], now })));
    return l;
  };
  return {
    take(kind, ip) {
      const l = limiter(kind);
      const wait = l.retryAfterMs(ip);
      if (wait > 0) return wait;
      l.recordFailure(ip);
      return 0;
    },
  };
}
