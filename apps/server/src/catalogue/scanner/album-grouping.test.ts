import { describe, expect, it } from 'vitest';
import { albumKey } from '../ids.js';
import { assignAlbums, type GroupingRow } from './album-grouping.js';

const row = (id: string, over: Partial<GroupingRow>): GroupingRow => ({
  id, dir: 'd', album_tag: 'Album', album_artist_tag: null, artist_tag: 'Mira Solen', compilation: false, ...over,
});
const artists = (rows: GroupingRow[]) => Object.fromEntries([...assignAlbums(rows)].map(([id, a]) => [id, a?.artist ?? null]));

describe('assignAlbums', () => {
  it('uses the ALBUMARTIST tag', () => {
    const m = assignAlbums([row('1', { album_artist_tag: 'Wesnoth Project', artist_tag: 'Doug Kaufman' })]);
    expect(m.get('1')).toEqual({ key: albumKey('Album', 'Wesnoth Project'), name: 'Album', artist: 'Wesnoth Project' });
  });

  it('falls back to the track artist when every track of the folder album has the same one', () => {
    expect(artists([row('1', {}), row('2', { artist_tag: 'MIRA SOLEN' })])).toEqual({ 1: 'Mira Solen', 2: 'Mira Solen' });
  });

  it("makes a folder album with several artists 'Various Artists'", () => {
    expect(artists([row('1', { artist_tag: 'Teo Vance' }), row('2', { artist_tag: 'Ola Brandt' })])).toEqual({
      1: 'Various Artists',
      2: 'Various Artists',
    });
  });

  it('lets untagged tracks join the album artist tagged on their folder-mates', () => {
    const m = artists([
      row('1', { album_artist_tag: 'Wesnoth Project', artist_tag: 'Doug Kaufman' }),
      row('2', { artist_tag: 'Timothy Pinkham' }),
      row('3', { artist_tag: 'Ryan Reilly' }),
    ]);
    expect(m).toEqual({ 1: 'Wesnoth Project', 2: 'Wesnoth Project', 3: 'Wesnoth Project' });
  });

  it('keeps two artists\' albums of the same name in different folders apart', () => {
    const m = assignAlbums([
      row('1', { dir: 'a', album_tag: 'Greatest Hits', artist_tag: 'Queen' }),
      row('2', { dir: 'b', album_tag: 'Greatest Hits', artist_tag: 'ABBA' }),
    ]);
    expect(m.get('1')!.key).not.toBe(m.get('2')!.key);
  });

  it('joins disc folders of one artist into one album', () => {
    const m = assignAlbums([row('1', { dir: 'x/CD1' }), row('2', { dir: 'x/CD2' })]);
    expect(m.get('1')!.key).toBe(m.get('2')!.key);
  });

  it('gives tracks without an album tag no album, and a tagged compilation Various Artists', () => {
    const m = assignAlbums([row('1', { album_tag: null }), row('2', { compilation: true })]);
    expect(m.get('1')).toBeNull();
    expect(m.get('2')!.artist).toBe('Various Artists');
  });

  it('credits no album artist when no track names one', () => {
    expect(assignAlbums([row('1', { artist_tag: '' })]).get('1')).toEqual({ key: albumKey('Album', null), name: 'Album', artist: null });
  });
});
