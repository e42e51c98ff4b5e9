import { describe, expect, it } from 'vitest';
import { currentLineIndex } from './current-line.js';

const lines = [{ startMs: 500, text: 'a' }, { startMs: 1000, text: 'b' }, { startMs: 1000, text: 'b2' }, { startMs: 4000, text: 'c' }];

describe('currentLineIndex', () => {
  it('is the last line started, -1 before the first', () => {
    expect(currentLineIndex(lines, 0)).toBe(-1);
    expect(currentLineIndex(lines, 499)).toBe(-1);
    expect(currentLineIndex(lines, 500)).toBe(0);
    expect(currentLineIndex(lines, 1500)).toBe(2);
    expect(currentLineIndex(lines, 99_000)).toBe(3);
    expect(currentLineIndex([], 100)).toBe(-1);
  });
});
