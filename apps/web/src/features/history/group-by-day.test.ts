import { describe, expect, it } from 'vitest';
import { groupByDay, mostPlayed } from './group-by-day.js';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('groupByDay', () => {
  it('labels today and yesterday, then dates, newest day first', () => {
    const now = new Date(2026, 10, 24, 15).getTime();
    const days = groupByDay(
      [
        { playedAt: at(2026, 11, 24, 14), id: 1 },
        { playedAt: at(2026, 11, 24, 9), id: 2 },
        { playedAt: at(2026, 11, 23, 23), id: 3 },
        { playedAt: at(2026, 11, 20, 8), id: 4 },
        { playedAt: 'not a date', id: 5 },
      ],
      now,
      'en-GB',
    );
    expect(days.map((d) => d.label)).toEqual(['Today', 'Yesterday', 'Friday, 20 November 2026']);
    expect(days.map((d) => d.entries.map((e) => e.id))).toEqual([[1, 2], [3], [4]]);
  });
});

describe('mostPlayed', () => {
  it('orders songs by plays, ties by the latest play', () => {
    const plays = [
      { songId: 'a', playedAt: at(2026, 11, 1) },
      { songId: 'b', playedAt: at(2026, 11, 2) },
      { songId: 'a', playedAt: at(2026, 11, 3) },
      { songId: 'c', playedAt: at(2026, 11, 4) },
    ];
    expect(mostPlayed(plays)).toEqual(['a', 'c', 'b']);
    expect(mostPlayed(plays, 1)).toEqual(['a']);
  });
});
