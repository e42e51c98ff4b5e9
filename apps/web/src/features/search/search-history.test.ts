import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/memory-storage.js';
import { makeSong } from '../../test/songs.js';
import { addToHistory, entryPath, HISTORY_MAX, readHistory, removeFromHistory, saveHistory, type HistoryEntry } from './search-history.js';

const song = (n: number): HistoryEntry => ({ ...makeSong(n), type: 'song' });
const artist = (id: string): HistoryEntry => ({ id, name: id, role: 'Artist', type: 'artist', image: [], url: '' });

describe('search history (SPEC#search-history-entries-reopen, SPEC#entities-search-history-entry, SPEC#limits-search)', () => {
  it('puts the newest first, keeps one copy of an entry and at most 7', () => {
    let h: HistoryEntry[] = [];
    for (let i = 1; i <= 9; i++) h = addToHistory(h, song(i));
    expect(h).toHaveLength(HISTORY_MAX);
    expect(h.map((e) => e.id)).toEqual(['song0009', 'song0008', 'song0007', 'song0006', 'song0005', 'song0004', 'song0003']);
    h = addToHistory(h, song(5));
    expect(h.map((e) => e.id).slice(0, 2)).toEqual(['song0005', 'song0009']);
    expect(h.filter((e) => e.id === 'song0005')).toHaveLength(1);
  });

  it('tells a song and an artist with the same id apart', () => {
    const h = addToHistory(addToHistory([], { ...song(1), id: 'x' }), artist('x'));
    expect(h.map((e) => e.type)).toEqual(['artist', 'song']);
    expect(removeFromHistory(h, artist('x')).map((e) => e.type)).toEqual(['song']);
  });

  it('reads only well-formed entries from searchHistory', () => {
    const s = memoryStorage();
    s.map.set('searchHistory', JSON.stringify([song(1), { id: 'a' }, { type: 'video', id: 'v' }, { type: 'album', id: '' }, artist('r')]));
    expect(readHistory(s).map((e) => `${e.type}:${e.id}`)).toEqual(['song:song0001', 'artist:r']);
    s.map.set('searchHistory', 'garbage');
    expect(readHistory(s)).toEqual([]);
    saveHistory(s, Array.from({ length: 9 }, (_, i) => song(i)));
    expect(JSON.parse(s.map.get('searchHistory')!)).toHaveLength(7);
  });

  it('reopens each entry by its type', () => {
    expect(entryPath({ type: 'song', id: 'a b' })).toBe('/player/a%20b');
    expect(entryPath({ type: 'album', id: '1' })).toBe('/album/1');
    expect(entryPath({ type: 'artist', id: '2' })).toBe('/artist/2');
    expect(entryPath({ type: 'playlist', id: '3' })).toBe('/playlist/3');
  });
});
