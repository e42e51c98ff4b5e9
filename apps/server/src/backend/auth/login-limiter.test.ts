import { describe, expect, it } from 'vitest';
import { createLoginLimiter, createSignInLimiter, LOGIN_IP_LIMIT, LOGIN_LIMIT } from './login-limiter.js';

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
  it('caps one account from many addresses', async () => {
    const limiter = createSignInLimiter(() => 5_000);
    for (let i = 0; i < LOGIN_LIMIT.max; i++) {
      expect(await limiter.retryAfterMs('victim@example.com', `203.0.113.${i}`)).toBe(0);
      await limiter.recordFailure('victim@example.com', `203.0.113.${i}`);
    }
    expect(await limiter.retryAfterMs('victim@example.com', '198.51.100.1')).toBe(LOGIN_LIMIT.windowMs);
    expect(await limiter.retryAfterMs('other@example.com', '198.51.100.1')).toBe(0);
  });

  it('caps one address spraying many accounts, and a success does not forgive the address', async () => {
    const limiter = createSignInLimiter(() => 5_000);
    for (let i = 0; i < LOGIN_IP_LIMIT.max; i++) {
      expect(await limiter.retryAfterMs(`user${i}@example.com`, '203.0.113.9')).toBe(0);
      await limiter.recordFailure(`user${i}@example.com`, '203.0.113.9');
      await limiter.reset(`user${i}@example.com`);
    }
    expect(await limiter.retryAfterMs('fresh@example.com', '203.0.113.9')).toBe(LOGIN_IP_LIMIT.windowMs);
    expect(await limiter.retryAfterMs('fresh@example.com', '203.0.113.10')).toBe(0);
  });
});
