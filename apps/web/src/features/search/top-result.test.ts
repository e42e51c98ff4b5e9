import type { ArtistRef, SearchAlbum } from '@lyra/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { looseName, topResult } from './top-result.js';

const artist = (name: string): ArtistRef => ({ id: `ar-${name}`, name, role: '', type: 'artist', image: [], url: '' });
const album = (name: string) => ({ id: `al-${name}`, name }) as SearchAlbum;

describe('the All view’s top result', () => {
  const songs = [makeSong(1, { name: 'Björk' }), makeSong(2)];
  it('is an artist named as the query (any case and accents), before an album so named', () => {
    expect(topResult('bjork', { songs, albums: [album('Bjork')], artists: [artist('Björk Trio'), artist('Björk')] })).toEqual({ type: 'artist', item: artist('Björk') });
    expect(topResult('  BJORK ', { songs, albums: [album('Other'), album('Björk')], artists: [artist('Björk Trio')] })).toEqual({ type: 'album', item: album('Björk') });
  });

  it('is otherwise the best song, then the best album, then the best artist; none when nothing was found', () => {
    expect(topResult('bj', { songs, albums: [album('Bjork')], artists: [artist('Björk')] })?.item.id).toBe('song0001');
    expect(topResult('bj', { songs: [], albums: [album('Bjork x')], artists: [artist('Björk')] })).toEqual({ type: 'album', item: album('Bjork x') });
    expect(topResult('bj', { songs: [], albums: [], artists: [artist('Björk')] })).toEqual({ type: 'artist', item: artist('Björk') });
    expect(topResult('bj', { songs: [], albums: [], artists: [] })).toBeNull();
  });

  it('compares names loosely', () => {
    expect(looseName('  Gonéri   BJØRK ')).toBe('goneri bjørk');
    expect(looseName('水调歌头')).toBe('水调歌头');
  });
});
