/**
 * Failed sign-in attempts per (email, IP) in a sliding window. Only failures
 * count, so a household behind one address signing in often is never locked
 * out; guessing is capped at `max` tries per window. In memory, per process:
 * a guard against online guessing, not an accounting system.
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
 */
export interface SignInLimiter {
  retryAfterMs(account: string, ip: string): number;
  recordFailure(account: string, ip: string): void;
  /** A success forgives the account's failures (not the address's). */
  reset(account: string): void;
}

export function createSignInLimiter(now: () => number): SignInLimiter {
  const perAccount = createLoginLimiter({ ...LOGIN_LIMIT, now });
  const perIp = createLoginLimiter({ ...LOGIN_IP_LIMIT, now });
  return {
    retryAfterMs: (account, ip) => Math.max(perAccount.retryAfterMs(account), perIp.retryAfterMs(ip)),
    recordFailure(account, ip) {
      perAccount.recordFailure(account);
      perIp.recordFailure(ip);
    },
    reset: (account) => perAccount.reset(account),
  };
}

export function createLoginLimiter({ max, windowMs, now, maxKeys = 10_000 }: LoginLimiterOptions): LoginLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };
  return {
    retryAfterMs(key) {
      const list = recent(key);
      return list.length < max ? 0 : list[list.length - max]! + windowMs - now();
    },
    recordFailure(key) {
      const list = recent(key);
      failures.delete(key);
      failures.set(key, [...list, now()]);
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value!);
    },
    reset: (key) => void failures.delete(key),
  };
}
