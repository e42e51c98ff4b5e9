import { describe, expect, it } from 'vitest';
import { createAddressCounter, createMessageRate } from './socket-limits.js';

describe('realtime socket limits', () => {
  it('lets one address hold up to the limit of open sockets, and more once some close', () => {
    const c = createAddressCounter(2);
    expect([c.take('a'), c.take('a'), c.take('a')]).toEqual([true, true, false]);
    expect(c.take('b')).toBe(true);
    c.release('a');
    expect(c.take('a')).toBe(true);
    c.release('b');
    expect(c.count('b')).toBe(0);
  });

  it('allows a socket its messages per window, refuses the rest, and starts again in the next window', () => {
    const r = createMessageRate(3, 1_000);
    expect([0, 10, 20, 30].map((t) => r.allow(t))).toEqual([true, true, true, false]);
    expect(r.allow(999)).toBe(false);
    expect(r.allow(1_000)).toBe(true);
  });
});
