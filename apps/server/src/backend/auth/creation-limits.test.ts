import { describe, expect, it } from 'vitest';
import { CREATION_LIMITS, createCreationLimits, NO_CREATION_LIMITS } from './creation-limits.js';

describe('creation limits', async () => {
  it('allows max attempts per address in the window, then says how long to wait', async () => {
    let t = 1_000;
    const limits = createCreationLimits(() => t);
    for (let i = 0; i < CREATION_LIMITS.signUp.max; i++) expect(await limits.take('signUp', '203.0.113.1')).toBe(0);
    expect(await limits.take('signUp', '203.0.113.1')).toBe(CREATION_LIMITS.signUp.windowMs);
    // Another address, another kind: their own allowance.
    expect(await limits.take('signUp', '203.0.113.2')).toBe(0);
    expect(await limits.take('anonymousSession', '203.0.113.1')).toBe(0);
    t += CREATION_LIMITS.signUp.windowMs;
    expect(await limits.take('signUp', '203.0.113.1')).toBe(0);
  });

  it('can be switched off', async () => {
    for (let i = 0; i < 100; i++) expect(await NO_CREATION_LIMITS.take('anonymousSession', 'x')).toBe(0);
  });
});
