import { describe, expect, it } from 'vitest';
import { createLoginLimiter, createSignInLimiter, LOGIN_IP_LIMIT, LOGIN_LIMIT, type SignInLimiter } from './login-limiter.js';

describe('login limiter', () => {
  const make = (max = 3, windowMs = 1000) => {
    let t = 10_000;
    const clock = { advance: (ms: number) => (t += ms) };
    return { limiter: createLoginLimiter({ max, windowMs, now: () => t }), clock };
  };

  it('lets a key try until it has failed max times in the window', () => {
    const { limiter } = make();
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterMs('a')).toBe(0);
      limiter.recordFailure('a');
    }
    expect(limiter.retryAfterMs('a')).toBe(1000);
    expect(limiter.retryAfterMs('b')).toBe(0);
  });

  it('opens again when the oldest failure leaves the window', () => {
    const { limiter, clock } = make();
    limiter.recordFailure('a');
    clock.advance(400);
    limiter.recordFailure('a');
    limiter.recordFailure('a');
    expect(limiter.retryAfterMs('a')).toBe(600);
    clock.advance(600);
    expect(limiter.retryAfterMs('a')).toBe(0);
    limiter.recordFailure('a');
    expect(limiter.retryAfterMs('a')).toBe(400);
  });

  it('forgets failures after a success', () => {
    const { limiter } = make();
    for (let i = 0; i < 3; i++) limiter.recordFailure('a');
    limiter.reset('a');
    expect(limiter.retryAfterMs('a')).toBe(0);
  });

  it('remembers a bounded number of keys, dropping the oldest', () => {
    const limiter = createLoginLimiter({ max: 1, windowMs: 1000, now: () => 0, maxKeys: 2 });
    limiter.recordFailure('a');
    limiter.recordFailure('b');
    limiter.recordFailure('c');
    expect(limiter.retryAfterMs('a')).toBe(0);
    expect(limiter.retryAfterMs('b')).toBe(1000);
    expect(limiter.retryAfterMs('c')).toBe(1000);
  });
});

describe('sign-in limiter', () => {
  const PAIR = LOGIN_LIMIT.max;
  const ACCOUNT = LOGIN_LIMIT.account.max;
  /** Attempts at once; how many may check the password (each then failed: its slots stay). */
  const burst = async (limiter: SignInLimiter, n: number, account: (i: number) => string, ip: (i: number) => string) => {
    const attempts = await Promise.all(Array.from({ length: n }, (_, i) => limiter.attempt(account(i), ip(i))));
    return attempts.filter((a) => a.waitMs === 0).length;
  };

  it(`lets ${PAIR} of 100 attempts at once for one account from one address check the password`, async () => {
    const limiter = createSignInLimiter(() => 5_000);
    expect(await burst(limiter, 100, () => 'victim@example.com', () => '203.0.113.1')).toBe(PAIR);
    expect((await limiter.attempt('victim@example.com', '203.0.113.1')).waitMs).toBe(LOGIN_LIMIT.windowMs);
    // The owner, from an address that has not failed, may still try; so may the address for another account.
    expect((await limiter.attempt('victim@example.com', '198.51.100.1')).waitMs).toBe(0);
    expect((await limiter.attempt('other@example.com', '203.0.113.1')).waitMs).toBe(0);
  });

  it(`caps one account at ${ACCOUNT} attempts an hour from every address together`, async () => {
    let t = 5_000;
    const limiter = createSignInLimiter(() => t);
    expect(await burst(limiter, 60, () => 'victim@example.com', (i) => `203.0.113.${i}`)).toBe(ACCOUNT);
    expect((await limiter.attempt('victim@example.com', '198.51.100.1')).waitMs).toBe(LOGIN_LIMIT.account.windowMs);
    t += LOGIN_LIMIT.account.windowMs;
    expect((await limiter.attempt('victim@example.com', '198.51.100.1')).waitMs).toBe(0);
  });

  it(`caps one address spraying many accounts at ${LOGIN_IP_LIMIT.max}, and a success does not forgive the address`, async () => {
    const limiter = createSignInLimiter(() => 5_000);
    for (let i = 0; i < LOGIN_IP_LIMIT.max; i++) expect((await limiter.attempt(`user${i}@example.com`, '203.0.113.9')).waitMs).toBe(0);
    expect((await limiter.attempt('fresh@example.com', '203.0.113.9')).waitMs).toBe(LOGIN_IP_LIMIT.windowMs);
    expect((await limiter.attempt('fresh@example.com', '203.0.113.10')).waitMs).toBe(0);
  });

  it("a right password is not counted and forgives the pair's failures, not the account's", async () => {
    const limiter = createSignInLimiter(() => 5_000);
    for (let i = 0; i < PAIR - 1; i++) await limiter.attempt('me@example.com', '192.0.2.1');
    await (await limiter.attempt('me@example.com', '192.0.2.1')).succeeded();
    expect(await burst(limiter, PAIR + 1, () => 'me@example.com', () => '192.0.2.1')).toBe(PAIR);
    // 9 + 10 failures stay in the account's count: ACCOUNT - 19 more from anywhere.
    expect(await burst(limiter, ACCOUNT, () => 'me@example.com', (i) => `198.51.100.${i}`)).toBe(ACCOUNT - 2 * PAIR + 1);
  });

  it('gives back the slots already taken when a later count refuses', async () => {
    const limiter = createSignInLimiter(() => 5_000);
    for (let i = 0; i < LOGIN_IP_LIMIT.max; i++) await limiter.attempt(`user${i}@example.com`, '203.0.113.9');
    // Refused by the address's count: the pair and the account counted nothing.
    for (let i = 0; i < 2 * PAIR; i++) expect((await limiter.attempt('kept@example.com', '203.0.113.9')).waitMs).toBeGreaterThan(0);
    expect(await burst(limiter, ACCOUNT, () => 'kept@example.com', (i) => `198.51.100.${i}`)).toBe(ACCOUNT);
  });
});
