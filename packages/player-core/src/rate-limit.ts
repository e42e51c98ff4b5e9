/**
 * A device-side rate limit (SPEC#entities-rate-limit-record; SPEC#limits-suggestions: suggestions
 * 3 per 5 minutes signed in, 1 per 10 minutes anonymous). Pure: the caller
 * passes the clock and stores the returned record.
 */
export interface RateLimitRecord {
  attempts: number;
  firstAttempt: number;
  resetTime: number;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export const SUGGESTION_LIMITS = {
  signedIn: { limit: 3, windowMs: 5 * 60_000 },
  anonymous: { limit: 1, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

const isRecord = (r: unknown): r is RateLimitRecord =>
  !!r &&
  typeof r === 'object' &&
  ['attempts', 'firstAttempt', 'resetTime'].every((k) => Number.isFinite((r as Record<string, unknown>)[k]));

/** The record in force at `nowMs`: a stored one inside its window, else a fresh window. */
function current(stored: unknown, nowMs: number, rule: RateLimitRule): RateLimitRecord {
  if (isRecord(stored) && nowMs < stored.resetTime) return stored;
  return { attempts: 0, firstAttempt: nowMs, resetTime: nowMs + rule.windowMs };
}

/** Whether one more attempt is allowed now, without using it. */
export function peekRateLimit(stored: unknown, nowMs: number, rule: RateLimitRule): { allowed: boolean; remaining: number; resetInMs: number } {
  const r = current(stored, nowMs, rule);
  return { allowed: r.attempts < rule.limit, remaining: Math.max(0, rule.limit - r.attempts), resetInMs: r.resetTime - nowMs };
}

/** Uses one attempt; `allowed: false` leaves the record unchanged. */
export function consumeRateLimit(
  stored: unknown,
  nowMs: number,
  rule: RateLimitRule,
): { allowed: boolean; remaining: number; record: RateLimitRecord } {
  const r = current(stored, nowMs, rule);
  if (r.attempts >= rule.limit) return { allowed: false, remaining: 0, record: r };
  const record = { ...r, attempts: r.attempts + 1 };
  return { allowed: true, remaining: rule.limit - record.attempts, record };
}
