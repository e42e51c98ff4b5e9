/**
 * When a failed render is tried again: exponential backoff from one minute,
 * doubling per attempt, capped at six hours; after MAX_ATTEMPTS the request
 * stays failed (an admin can re-queue it by removing and re-requesting).
 */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

export const RETRY = {
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 3_600_000,
  maxAttempts: 8,
} as const satisfies RetryPolicy;

/** Delay before the next try after `attempts` failed tries (1 = the first failure), or null = give up. */
export function retryDelayMs(attempts: number, policy: RetryPolicy = RETRY): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.firstDelayMs * 2 ** (attempts - 1), policy.maxDelayMs);
}
