import { describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { emptyIndex, withCollection, withSong } from './offline-index.js';
import { findKeptSongs, keptCollectionView, noAnswer, sharedPrimaryArtists, showsKeptCopy } from './offline-read.js';
import { CatalogueError } from '../../shared/lib/catalogue-client.js';

const a = makeSong('a');
const b = makeSong('b');
const c = makeSong('c');
const kept = [b, a].reduce(
  (index, song) => withSong(index, { song, bytes: 1, savedAt: 1 }),
  withCollection(emptyIndex(), { kind: 'album', id: 'al1', title: 'Blue', image: '/images/x.jpg', songIds: ['b', 'c', 'a'], savedAt: 1 }),
);

describe('a kept collection read offline', () => {
  it("gives its title, cover and the songs on the device in the collection's order", () => {
    expect(keptCollectionView(kept, 'album', 'al1')).toMatchObject({ title: 'Blue', image: '/images/x.jpg', songs: [b, a] });
    expect(c.id in kept.songs).toBe(false);
  });

  it("names the album's artists as kept with it, else the primary artists every kept song shares; a playlist none", () => {
    const artists = [{ id: 'ar9', name: 'Cleo' }];
    const withArtists = withCollection(kept, { kind: 'album', id: 'al2', title: 'Two', image: null, songIds: ['a'], artists, savedAt: 1 });
    expect(keptCollectionView(withArtists, 'album', 'al2')!.artists).toEqual(artists);
    expect(keptCollectionView(kept, 'album', 'al1')!.artists).toEqual([{ id: 'ar1', name: 'An Artist With A Long Name' }]);
    const asPlaylist = withCollection(kept, { kind: 'playlist', id: 'p1', title: 'Mix', image: null, songIds: ['a'], savedAt: 1 });
    expect(keptCollectionView(asPlaylist, 'playlist', 'p1')!.artists).toEqual([]);
  });

  it('shares only the primary artists every song names', () => {
    const ref = (id: string, name: string) => ({ id, name, role: 'primary_artists', type: 'artist' as const, image: [], url: '' });
    const by = (...names: [string, string][]) => makeSong(names.map((n) => n[0]).join(), { artists: { primary: names.map(([id, name]) => ref(id, name)), featured: [], all: [] } });
    expect(sharedPrimaryArtists([by(['x', 'X'], ['y', 'Y']), by(['y', 'Y'])])).toEqual([{ id: 'y', name: 'Y' }]);
    expect(sharedPrimaryArtists([by(['x', 'X']), by(['y', 'Y'])])).toEqual([]);
    expect(sharedPrimaryArtists([])).toEqual([]);
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

describe('search over the songs on the device', () => {
  const song = (id: string, name: string, album: string, artist: string) =>
    makeSong(id, { name, album: { id: `al-${id}`, name: album, url: null }, artists: { primary: [{ id: `ar-${id}`, name: artist, role: 'primary_artists', type: 'artist', image: [], url: '' }], featured: [], all: [] } });
  const index = [song('1', 'Blue Moon', 'Nights', 'Ella'), song('2', 'Moonlight Café', 'Blue Days', 'Ana'), song('3', 'Rain', 'Autumn', 'Éric Moon')].reduce(
    (i, s) => withSong(i, { song: s, bytes: 1, savedAt: 1 }),
    emptyIndex(),
  );
  const ids = (q: string) => findKeptSongs(index, q).map((s) => s.id);

  it('finds by title, album or artist, whatever the case and accents, titles starting with the query first', () => {
    expect(ids('moon')).toEqual(['2', '1', '3']);
    expect(ids('BLUE')).toEqual(['1', '2']);
    expect(ids('eric')).toEqual(['3']);
    expect(ids('cafe')).toEqual(['2']);
  });

  it('needs every word, and finds nothing for a blank query', () => {
    expect(ids('blue ella')).toEqual(['1']);
    expect(ids('blue zed')).toEqual([]);
    expect(ids('   ')).toEqual([]);
  });
});

describe('a read no server answered', () => {
  it('is a catalogue error of status 0, not a server refusal or another error', () => {
    expect(noAnswer(new CatalogueError('Failed to fetch', 0))).toBe(true);
    expect(noAnswer(new CatalogueError('503 from /api', 503))).toBe(false);
    expect(noAnswer(new Error('x'))).toBe(false);
    expect(noAnswer(null)).toBe(false);
  });
});
