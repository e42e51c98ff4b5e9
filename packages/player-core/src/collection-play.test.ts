import { describe, expect, it } from 'vitest';
import { shuffled, songCountLabel, totalDurationLabel } from './collection-play.js';

describe('collection header figures', () => {
  it('sums the songs’ lengths into minutes and hours', () => {
    expect(totalDurationLabel([30, 14])).toBe('44 sec');
    expect(totalDurationLabel([200, 214, null, 300])).toBe('12 min');
    expect(totalDurationLabel(Array(20).fill(216))).toBe('1 hr 12 min');
    expect(totalDurationLabel([3600])).toBe('1 hr');
    expect(totalDurationLabel([])).toBe('0 sec');
  });

  it('counts songs', () => {
    expect(songCountLabel(1)).toBe('1 song');
    expect(songCountLabel(12)).toBe('12 songs');
  });
});

describe('shuffled', () => {
  it('is a permutation of the list, the list itself untouched', () => {
    const list = Array.from({ length: 50 }, (_, i) => i);
    let seed = 42;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const out = shuffled(list, random);
    expect([...out].sort((a, b) => a - b)).toEqual(list);
    expect(out).not.toEqual(list);
    expect(list[0]).toBe(0);
  });
});
