import { describe, expect, it } from 'vitest';
import { countLabel, groupDigits } from './browse-header.js';

describe("a list's count", () => {
  it('groups digits by three as en-US does', () => {
    expect([0, 7, 999, 1_000, 12_345, 100_000, 1_234_567].map(groupDigits)).toEqual(['0', '7', '999', '1,000', '12,345', '100,000', '1,234,567']);
    for (const n of [1, 10, 100, 1_001, 99_999, 123_456_789, Number.MAX_SAFE_INTEGER]) expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });

  it('names one item in the singular and any other number in the plural', () => {
    expect(countLabel(1, 'album', 'albums')).toBe('1 album');
    expect(countLabel(0, 'album', 'albums')).toBe('0 albums');
    expect(countLabel(10_000, 'album', 'albums')).toBe('10,000 albums');
  });
});
