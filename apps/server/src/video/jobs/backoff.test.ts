import { describe, expect, it } from 'vitest';
import { retryDelayMs, RETRY } from './backoff.js';

describe('retry backoff', () => {
  it('waits one minute after the first failure and doubles after each further one', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it('never waits more than six hours', () => {
    const policy = { ...RETRY, maxAttempts: 100 };
    expect(retryDelayMs(20, policy)).toBe(6 * 3_600_000);
  });

  it('gives up after the last allowed attempt', () => {
    expect(retryDelayMs(RETRY.maxAttempts - 1)).not.toBeNull();
    expect(retryDelayMs(RETRY.maxAttempts)).toBeNull();
  });

  it('rejects attempt counts that cannot happen', () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
  });
});
