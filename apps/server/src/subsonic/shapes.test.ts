import { describe, expect, it } from 'vitest';
import type { ArtistRow } from '../catalogue/module.js';
import type { AlbumRow } from './library-albums.sql.js';
import { searchText } from './lists.js';
import { albumId3, contentTypeOf, indexArtists, indexLetter, itemDate, suffixOf } from './shapes.js';

describe('subsonic shapes', () => {
  it('files names under their first letter without accents, anything else under #', () => {
    expect(indexLetter('emile')).toBe('E');
    expect(indexLetter('élodie')).toBe('E');
    expect(indexLetter('ølstad')).toBe('Ø');
    expect(indexLetter('1975')).toBe('#');
    expect(indexLetter('')).toBe('#');
    const artist = (name: string): ArtistRow => ({ id: name, name, norm_name: name.toLowerCase(), cover_id: null, album_count: 1, album_id: null, album_name: null });
    const index = indexArtists([artist('2Pac'), artist('abba'), artist('Beck'), artist('Ásgeir')], (a) => a.name);
    expect(index).toEqual([
      { name: 'A', artist: ['abba', 'Ásgeir'] },
      { name: 'B', artist: ['Beck'] },
      { name: '#', artist: ['2Pac'] },
    ]);
  });

  it('writes the database’s timestamps as ISO 8601 in UTC with milliseconds, whatever their zone or precision', () => {
    const album = (created: string): AlbumRow => ({
      id: 'al1', name: 'A', norm_name: 'a', year: null, genre: null, cover_id: 'c1', artist_id: null, artist_name: null,
      song_count: 1, duration_s: 60, play_count: 0, created, compilation: false, release_types: null, mbz_album_id: null,
      release_date: null, original_date: null, label: null,
    });
    const created = (text: string) => albumId3(album(text), []).created;
    expect(created('2026-01-13T02:49:00.123456+00:00')).toBe('2026-01-13T02:49:00.123Z');
    expect(created('2026-01-13T02:49:00+00:00')).toBe('2026-01-13T02:49:00.000Z');
    expect(created('2026-01-13T02:49:00.1+00:00')).toBe('2026-01-13T02:49:00.100Z');
    expect(created('2026-01-13T04:49:00.5+02:00')).toBe('2026-01-13T02:49:00.500Z');
  });

  it('gives dates as precise as they are known (ItemDate)', () => {
    expect(itemDate('1987-03-14')).toEqual({ year: 1987, month: 3, day: 14 });
    expect(itemDate('1987-03')).toEqual({ year: 1987, month: 3, day: undefined });
    expect(itemDate('1987')).toEqual({ year: 1987, month: undefined, day: undefined });
    expect(itemDate('1987-13-40')).toEqual({ year: 1987, month: undefined, day: undefined });
    expect(itemDate(null, 2021)).toEqual({ year: 2021 });
    expect(itemDate(null)).toEqual({});
  });

  it('reads the suffix and content type from the file name', () => {
    expect(suffixOf('Artist/Album/01 Song.FLAC')).toBe('flac');
    expect(suffixOf('a.b/no-extension')).toBe('');
    expect(suffixOf('.hidden')).toBe('');
    expect(contentTypeOf('mp3')).toBe('audio/mpeg');
    expect(contentTypeOf('m4a')).toBe('audio/mp4');
    expect(contentTypeOf('xyz')).toBe('application/octet-stream');
  });

  it('reads an empty, quoted or starred search as "everything"', () => {
    expect(searchText(null)).toBe('');
    expect(searchText('  ')).toBe('');
    expect(searchText('""')).toBe('');
    expect(searchText('*')).toBe('');
    expect(searchText('"night drive"')).toBe('night drive');
    expect(searchText('echo')).toBe('echo');
  });
});
