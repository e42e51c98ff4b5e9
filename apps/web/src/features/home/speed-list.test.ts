import type { Song } from '@lyra/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/memory-storage.js';
import { makeSong } from '../../test/songs.js';
import { fetchInBatches, readPlayCounts, SPEED_LIST, topSongIds } from './speed-list.js';

const DAY = 24 * 3_600_000;

describe('Speed List play counts (SPEC#validation-speed-list-entries, SPEC#limits-speed-list)', () => {
  it("keeps only entries whose key is non-empty and not 'null' and whose count is a number above 0", () => {
    const s = memoryStorage();
    s.map.set('SpeedListSongs', JSON.stringify({ a: 2, '': 3, null: 4, b: 0, c: -1, d: '5', e: 1 }));
    expect(readPlayCounts(s, 0)).toEqual({ a: 2, e: 1 });
  });

  it('starts speedListExpiry 2 days after the counts are first read', () => {
    const s = memoryStorage();
    s.map.set('SpeedListSongs', JSON.stringify({ a: 1 }));
    readPlayCounts(s, 1_000);
    expect(s.map.get('speedListExpiry')).toBe(String(1_000 + 2 * DAY));
    // Reading again does not move it.
    readPlayCounts(s, 5_000);
    expect(s.map.get('speedListExpiry')).toBe(String(1_000 + 2 * DAY));
  });

  it('drops the counts, the expiry and the fetched list once 2 days have passed', () => {
    const s = memoryStorage();
    s.map.set('SpeedListSongs', JSON.stringify({ a: 1 }));
    s.map.set('speedListExpiry', String(2 * DAY));
    s.map.set('speedListCache', '{}');
    expect(readPlayCounts(s, 2 * DAY - 1)).toEqual({ a: 1 });
    expect(readPlayCounts(s, 2 * DAY)).toEqual({});
    expect([...s.map.keys()]).toEqual([]);
  });

  it('shows the 15 most played, most played first, ties in the order first played', () => {
    const counts: Record<string, number> = { x: 1, y: 3, z: 1, w: 2 };
    expect(topSongIds(counts)).toEqual(['y', 'w', 'x', 'z']);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`s${i}`, i + 1]));
    const top = topSongIds(many);
    expect(top).toHaveLength(SPEED_LIST.SHOW);
    expect(top[0]).toBe('s29');
    expect(top[14]).toBe('s15');
  });
});

describe('Speed List fetch (SPEC#catalogue-api-songs-id-per: batches of 3, 100 ms apart)', () => {
  it('asks for 3 ids at a time with a 100 ms pause between batches, and keeps the id order', async () => {
    const calls: string[][] = [];
    const sleeps: number[] = [];
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const songs = await fetchInBatches(
      ids,
      async (batch) => {
        calls.push(batch);
        // The catalogue answers in its own order and drops an unknown id.
        return batch.filter((id) => id !== 'e').reverse().map((id) => makeSong(id));
      },
      { sleep: async (ms) => void sleeps.push(ms) },
    );
    expect(calls).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect(sleeps).toEqual([100, 100]);
    expect(songs.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd', 'f', 'g']);
  });

  it('does not fetch songs it already has', async () => {
    const calls: string[][] = [];
    const known: Song[] = [makeSong('a'), makeSong('c')];
    const songs = await fetchInBatches(['c', 'b', 'a'], async (batch) => (calls.push(batch), batch.map((id) => makeSong(id))), {
      known,
      sleep: async () => {},
    });
    expect(calls).toEqual([['b']]);
    expect(songs.map((s) => s.id)).toEqual(['c', 'b', 'a']);
    expect(songs[0]).toBe(known[1]);
  });

  it('fails when a batch fails', async () => {
    await expect(fetchInBatches(['a'], async () => Promise.reject(new Error('503')), { sleep: async () => {} })).rejects.toThrow('503');
  });
});
