import { describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { availableSongs, collectionKey, emptyIndex, totalBytes, withCollection, withoutCollection, withSong } from './offline-index.js';

const album = (id: string, songIds: string[]) => ({ id, kind: 'album' as const, title: id, image: null, songIds, savedAt: 1 });

describe('offline index', () => {
  it('keeps songs once, however many collections hold them', () => {
    let index = emptyIndex();
    index = withCollection(index, album('a', ['s1', 's2']));
    index = withCollection(index, { ...album('p', ['s2', 's3']), kind: 'playlist' });
    for (const id of ['s1', 's2', 's3']) index = withSong(index, { song: makeSong(id), bytes: 100, savedAt: 1 });
    expect(totalBytes(index)).toBe(300);
    expect(availableSongs(index, index.collections[collectionKey('album', 'a')]!).map((s) => s.id)).toEqual(['s1', 's2']);
    const { index: after, orphans } = withoutCollection(index, collectionKey('album', 'a'));
    expect(orphans).toEqual(['s1']);
    expect(Object.keys(after.songs).sort()).toEqual(['s2', 's3']);
    expect(Object.keys(after.collections)).toEqual(['playlist:p']);
  });

  it('lists only the songs already on the device', () => {
    let index = withCollection(emptyIndex(), album('a', ['s1', 's2', 's3']));
    index = withSong(index, { song: makeSong('s2'), bytes: 1, savedAt: 1 });
    expect(availableSongs(index, index.collections['album:a']!).map((s) => s.id)).toEqual(['s2']);
  });
});
