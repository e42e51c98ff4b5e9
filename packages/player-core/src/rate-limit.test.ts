import { describe, expect, it } from 'vitest';
import { consumeRateLimit, peekRateLimit, SUGGESTION_LIMITS } from './rate-limit.js';

const MIN = 60_000;

describe('suggestion rate limits (SPEC#limits-suggestions)', () => {
  it('allows 1 per 10 minutes anonymous', () => {
    const rule = SUGGESTION_LIMITS.anonymous;
    const first = consumeRateLimit(null, 0, rule);
    expect(first).toMatchObject({ allowed: true, remaining: 0 });
    expect(first.record).toEqual({ attempts: 1, firstAttempt: 0, resetTime: 10 * MIN });
    expect(consumeRateLimit(first.record, 10 * MIN - 1, rule).allowed).toBe(false);
    expect(peekRateLimit(first.record, 10 * MIN - 1, rule)).toEqual({ allowed: false, remaining: 0, resetInMs: 1 });
    expect(consumeRateLimit(first.record, 10 * MIN, rule).allowed).toBe(true);
  });

  it('allows 3 per 5 minutes signed in and counts down what remains', () => {
    const rule = SUGGESTION_LIMITS.signedIn;
    let record: unknown = null;
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = consumeRateLimit(record, i * 1000, rule);
      expect(r.allowed).toBe(true);
      remaining.push(r.remaining);
      record = r.record;
    }
    expect(remaining).toEqual([2, 1, 0]);
    expect(consumeRateLimit(record, 5 * MIN - 1, rule)).toMatchObject({ allowed: false, remaining: 0 });
    expect(consumeRateLimit(record, 5 * MIN, rule)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('peeking does not use an attempt', () => {
    const rule = SUGGESTION_LIMITS.anonymous;
    expect(peekRateLimit(null, 0, rule).allowed).toBe(true);
    expect(peekRateLimit(null, 0, rule).allowed).toBe(true);
  });

  it('treats a malformed stored record as a fresh window', () => {
    const rule = SUGGESTION_LIMITS.anonymous;
    expect(consumeRateLimit({ attempts: 'x' }, 5, rule).record).toEqual({ attempts: 1, firstAttempt: 5, resetTime: 5 + 10 * MIN });
  });
});
