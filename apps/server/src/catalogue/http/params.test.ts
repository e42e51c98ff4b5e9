import { describe, expect, it } from 'vitest';
import { count, MAX_LIMIT, MAX_PAGE, onePage, targetId, zeroBasedPage } from './params.js';

describe('catalogue query parameters', () => {
  it('treats page 0 and 1 as the first page and reports the 1-based start (catalogue-api.md §1.4)', () => {
    expect(onePage(undefined, undefined)).toEqual({ limit: 10, offset: 0 });
    expect(onePage(0, 5)).toEqual({ limit: 5, offset: 0 });
    expect(onePage(1, 5)).toEqual({ limit: 5, offset: 0 });
    expect(onePage(3, 5)).toEqual({ limit: 5, offset: 10 });
    expect(onePage(-7, 5)).toEqual({ limit: 5, offset: 0 });
  });

  it('uses the default for 0 and clamps the rest quietly (§1.3)', () => {
    expect(count(0)).toBe(10);
    expect(count(undefined)).toBe(10);
    expect(count(-4)).toBe(1);
    expect(count(5000)).toBe(MAX_LIMIT);
    expect(onePage(1e30, 10).offset).toBe((MAX_PAGE - 1) * 10);
    expect(zeroBasedPage(-1)).toBe(0);
    expect(zeroBasedPage(2)).toBe(2);
  });

  it('takes the id from the link first, then from id', () => {
    expect(targetId('https://music.example/album/x/123', '999')).toBe('123');
    expect(targetId('https://music.example/', '999')).toBe('999');
    expect(targetId(undefined, '  ')).toBeUndefined();
    expect(targetId(undefined, undefined)).toBeUndefined();
  });
});
