import { describe, expect, it } from 'vitest';
import { cleanPlayCounts, recordPlayCount, recordRecentSong } from './play-stats.js';

describe('play counts (SpeedListSongs, SPEC#states-player, SPEC#validation-speed-list-entries, SPEC#limits-speed-list)', () => {
  it('increments the count of the played song', () => {
    expect(recordPlayCount({}, 'abc123')).toEqual({ abc123: 1 });
    expect(recordPlayCount({ abc123: 2, other1: 1 }, 'abc123')).toEqual({ abc123: 3, other1: 1 });
  });

  it('keeps only real ids with a count above 0', () => {
    expect(cleanPlayCounts({ '': 3, null: 2, good11: 2, zero11: 0, neg111: -1, text11: '4', nan111: Number.NaN })).toEqual({
      good11: 2,
    });
    expect(cleanPlayCounts(null)).toEqual({});
    expect(cleanPlayCounts([1, 2])).toEqual({});
    expect(cleanPlayCounts('x')).toEqual({});
  });

  it('stores at most 30 songs, dropping the least played but never the song just played', () => {
    const counts: Record<string, number> = {};
    for (let i = 0; i < 30; i++) counts[`s${i}`] = i + 2;
    const out = recordPlayCount(counts, 'newone');
    expect(Object.keys(out)).toHaveLength(30);
    expect(out.newone).toBe(1);
    expect(out.s0).toBeUndefined();
    expect(out.s29).toBe(31);
  });
});

describe('recentSongs (SPEC#states-player, SPEC#limits-recent-songs)', () => {
  const song = (id: string) => ({ id, name: id });

  it('adds a played song to the front if absent', () => {
    expect(recordRecentSong([song('a'), song('b')], song('c')).map((s) => s.id)).toEqual(['c', 'a', 'b']);
  });

  it('leaves the order alone when the song is already there', () => {
    expect(recordRecentSong([song('a'), song('b')], song('b')).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('keeps 30 songs', () => {
    const list = Array.from({ length: 30 }, (_, i) => song(`r${i}`));
    const out = recordRecentSong(list, song('new'));
    expect(out).toHaveLength(30);
    expect(out[0]!.id).toBe('new');
    expect(out.at(-1)!.id).toBe('r28');
  });

  it('drops malformed stored entries', () => {
    const junk = [null, { id: '' }, song('ok')] as unknown as { id: string; name: string }[];
    expect(recordRecentSong(junk, song('n')).map((s) => s.id)).toEqual(['n', 'ok']);
  });
});
