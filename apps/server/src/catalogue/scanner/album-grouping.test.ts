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

  it('makes a tagged compilation Various Artists', () => {
    expect(assignAlbums([row('1', { compilation: true })]).get('1')!.artist).toBe('Various Artists');
  });

  it("puts a track without an album tag in its folder's album when the folder's tagged tracks name one", () => {
    const m = assignAlbums([
      row('1', { dir: 'wesnoth', album_tag: 'The Battle for Wesnoth OST', album_artist_tag: 'Wesnoth Project' }),
      row('2', { dir: 'wesnoth', album_tag: null, artist_tag: 'Mattias Westlund' }),
    ]);
    expect(m.get('2')).toEqual(m.get('1'));
  });

  it("names the album after the folder when none of the folder's tracks has an album tag", () => {
    const m = assignAlbums([row('1', { dir: 'Mira Solen/harbour_lights', album_tag: null }), row('2', { dir: 'Mira Solen/harbour_lights', album_tag: null })]);
    expect(m.get('1')).toEqual({ key: albumKey('Harbour Lights', 'Mira Solen'), name: 'Harbour Lights', artist: 'Mira Solen' });
    expect(m.get('2')).toEqual(m.get('1'));
  });

  it('gives no album to an untagged track in a folder of several albums or at the top of the library', () => {
    const m = assignAlbums([
      row('1', { dir: 'Singles', album_tag: 'One' }),
      row('2', { dir: 'Singles', album_tag: 'Two' }),
      row('3', { dir: 'Singles', album_tag: null }),
      row('4', { dir: '', album_tag: null }),
    ]);
    expect(m.get('3')).toBeNull();
    expect(m.get('4')).toBeNull();
  });

  it('credits no album artist when no track names one', () => {
    expect(assignAlbums([row('1', { artist_tag: '' })]).get('1')).toEqual({ key: albumKey('Album', null), name: 'Album', artist: null });
  });
});
