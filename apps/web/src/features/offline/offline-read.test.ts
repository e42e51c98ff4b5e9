import { describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { emptyIndex, withCollection, withSong } from './offline-index.js';
import { keptCollectionView, showsKeptCopy } from './offline-read.js';

const a = makeSong('a');
const b = makeSong('b');
const c = makeSong('c');
const kept = [b, a].reduce(
  (index, song) => withSong(index, { song, bytes: 1, savedAt: 1 }),
  withCollection(emptyIndex(), { kind: 'album', id: 'al1', title: 'Blue', image: '/images/x.jpg', songIds: ['b', 'c', 'a'], savedAt: 1 }),
);

describe('a kept collection read offline', () => {
  it("gives its title, cover and the songs on the device in the collection's order", () => {
    expect(keptCollectionView(kept, 'album', 'al1')).toEqual({ title: 'Blue', image: '/images/x.jpg', songs: [b, a] });
    expect(c.id in kept.songs).toBe(false);
  });

  it('is null for a collection not kept, or kept as another kind', () => {
    expect(keptCollectionView(kept, 'album', 'other')).toBeNull();
    expect(keptCollectionView(kept, 'playlist', 'al1')).toBeNull();
  });

  it('stands in when the read failed or waits for the network, never over data or a not-found answer', () => {
    const base = { hasData: false, isError: false, notFound: false, paused: false };
    expect(showsKeptCopy({ ...base, isError: true })).toBe(true);
    expect(showsKeptCopy({ ...base, paused: true })).toBe(true);
    expect(showsKeptCopy(base)).toBe(false);
    expect(showsKeptCopy({ ...base, isError: true, notFound: true })).toBe(false);
    expect(showsKeptCopy({ ...base, hasData: true, isError: true })).toBe(false);
  });
});
