import { describe, expect, it } from 'vitest';
import { albumName, coverUrl, decodeEntities, DEFAULT_COVER, first20, primaryArtistNames, songTitle } from './song-view.js';

describe('song display (SPEC#entities-song)', () => {
  it('decodes HTML entities in names', () => {
    expect(decodeEntities('Kygo &amp; Imagine Dragons')).toBe('Kygo & Imagine Dragons');
    expect(decodeEntities('&quot;Hi&quot; &#39;there&#39; &#x263A; &bogus;')).toBe('"Hi" \'there\' \u263a &bogus;');
    expect(songTitle({ id: '1', name: 'Rock &amp; Roll' })).toBe('Rock & Roll');
  });

  it('falls back to Unknown Song / Unknown Artist / Unknown Album', () => {
    expect(songTitle({ id: '1', name: '' })).toBe('Unknown Song');
    expect(primaryArtistNames({ id: '1' })).toBe('Unknown Artist');
    expect(albumName({ id: '1', album: { name: null } })).toBe('Unknown Album');
  });

  it('reads artists.primary, then the older primaryArtists string or list', () => {
    expect(primaryArtistNames({ id: '1', artists: { primary: [{ name: 'A' }, { name: 'B' }] } })).toBe('A, B');
    expect(primaryArtistNames({ id: '1', artists: { primary: [] }, primaryArtists: 'C, D' })).toBe('C, D');
    expect(primaryArtistNames({ id: '1', primaryArtists: [{ name: 'E' }] })).toBe('E');
    expect(albumName({ id: '1', album: 'Flat Album' })).toBe('Flat Album');
  });

  it('prefers image index 2, then 1, then 0, and the default logo when none', () => {
    const image = [{ url: 's' }, { url: 'm' }, { url: 'l' }];
    expect(coverUrl(image)).toBe('l');
    expect(coverUrl(image.slice(0, 2))).toBe('m');
    expect(coverUrl([{ link: 'legacy' }])).toBe('legacy');
    expect(coverUrl(image, 1)).toBe('m');
    expect(coverUrl([])).toBe(DEFAULT_COVER);
    expect(coverUrl(false)).toBe(DEFAULT_COVER);
  });

  it('cuts the mini player artists to the first 20 characters', () => {
    expect(first20('Ola Brandt, Mira Solen, Teo Vance')).toBe('Ola Brandt, Mira Sol');
    expect(first20('Short')).toBe('Short');
  });
});
