import { describe, expect, it } from 'vitest';
import { createExpiringMemo } from './expiring-memo.js';

describe('expiring memo', () => {
  const make = (max = 3) => {
    let t = 1_000;
    const memo = createExpiringMemo<string, number>({ ttlMs: 100, max, now: () => t });
    return { memo, advance: (ms: number) => (t += ms) };
  };

  it('answers a value until ttlMs after it was set, then forgets it', () => {
    const { memo, advance } = make();
    memo.set('a', 1);
    advance(99);
    expect(memo.get('a')).toBe(1);
    advance(1);
    expect(memo.get('a')).toBeUndefined();
    expect(memo.get('never')).toBeUndefined();
  });

  it('setting again restarts the entry’s time', () => {
    const { memo, advance } = make();
    memo.set('a', 1);
    advance(80);
    memo.set('a', 2);
    advance(80);
    expect(memo.get('a')).toBe(2);
  });

  it('drops the oldest entry when full', () => {
    const { memo } = make(2);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('a', 3);
    memo.set('c', 4);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([3, undefined, 4]);
  });

  it('delete and deleteWhere forget at once', () => {
    const { memo } = make();
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('c', 2);
    memo.delete('a');
    memo.deleteWhere((v) => v === 2);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([undefined, undefined, undefined]);
  });
});
