import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/memory-storage.js';
import { makeSong, makeSongs } from '../../test/songs.js';
import { moveToFront, readRecentSongs, RECENT_PLAYS, saveRecentSongs } from './recent-plays.js';
import { chunk, firstReveal, revealMore } from './row-pages.js';

describe('Recent Plays (SPEC#home-recent-plays, SPEC#limits-recent-songs)', () => {
  it('reads recentSongs newest first, skipping entries without an id and repeats', () => {
    const s = memoryStorage();
    s.map.set('recentSongs', JSON.stringify([makeSong(1), { name: 'no id' }, null, makeSong(2), makeSong(1), { id: 'null' }]));
    expect(readRecentSongs(s).map((x) => x.id)).toEqual(['song0001', 'song0002']);
  });

  it('reads nothing from a missing or malformed entry', () => {
    const s = memoryStorage();
    expect(readRecentSongs(s)).toEqual([]);
    s.map.set('recentSongs', '{"a":1}');
    expect(readRecentSongs(s)).toEqual([]);
  });

  it('moves a replayed song to the front of Recent Plays and keeps 30', () => {
    const list = makeSongs(30);
    const moved = moveToFront(list, list[20]!);
    expect(moved[0]!.id).toBe(list[20]!.id);
    expect(moved).toHaveLength(30);
    expect(moved.filter((s) => s.id === list[20]!.id)).toHaveLength(1);
    const withNew = moveToFront(list, makeSong(99));
    expect(withNew).toHaveLength(RECENT_PLAYS.MAX);
    expect(withNew[0]!.id).toBe('song0099');
    expect(withNew.at(-1)!.id).toBe(list[28]!.id);
  });

  it('saves at most 30', () => {
    const s = memoryStorage();
    saveRecentSongs(s, makeSongs(40));
    expect(JSON.parse(s.map.get('recentSongs')!)).toHaveLength(30);
  });

  it('shows 10 first, then 10 more each time the end shows, up to 30', () => {
    let shown = firstReveal(30, RECENT_PLAYS.FIRST, RECENT_PLAYS.MAX);
    expect(shown).toBe(10);
    shown = revealMore(shown, 30, RECENT_PLAYS.STEP, RECENT_PLAYS.MAX);
    expect(shown).toBe(20);
    shown = revealMore(shown, 30, RECENT_PLAYS.STEP, RECENT_PLAYS.MAX);
    expect(shown).toBe(30);
    expect(revealMore(shown, 30, RECENT_PLAYS.STEP, RECENT_PLAYS.MAX)).toBe(30);
    expect(revealMore(10, 14, 10, 30)).toBe(14);
    expect(firstReveal(4, 10, 30)).toBe(4);
  });
});

describe('row pages', () => {
  it('splits into groups of a size, the last one shorter', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunk(Array.from({ length: 15 }, (_, i) => i), 9).map((p) => p.length)).toEqual([9, 6]);
    expect(chunk([], 5)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});
