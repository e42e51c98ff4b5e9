import { describe, expect, it } from 'vitest';
import { createChannelNames } from './channel-names.js';
import { createAddressCounter, createMessageRate, createSubscriptionBudget } from './socket-limits.js';

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

  it('gives each address its weight of subscriptions and the server its total, refusing what would pass either', () => {
    const b = createSubscriptionBudget(10, 15);
    expect([b.take('a', 6), b.take('a', 5), b.take('a', 4)]).toEqual([null, 'address', null]);
    expect([b.take('b', 6), b.take('b', 5)]).toEqual(['server', null]);
    expect([b.held('a'), b.held('b'), b.held()]).toEqual([10, 5, 15]);
    b.release('a', 10);
    expect([b.held('a'), b.held(), b.take('b', 5)]).toEqual([0, 5, null]);
  });

  it('keeps each channel name while any subscription holds it', () => {
    const names = createChannelNames();
    const first = names.hold(['docu', 'ments'].join(''));
    expect(names.hold('documents')).toBe(first);
    names.release('documents');
    expect(names.size).toBe(1);
    names.release('documents');
    expect(names.size).toBe(0);
  });
});
