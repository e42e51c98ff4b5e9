import { describe, expect, it } from 'vitest';
import { albumPath, artistLinks, artistPath, songAlbumLink, songArtistLinks } from './entity-links.js';

describe('names that lead to their pages', () => {
  it('names primary artists, then featured ones, each with its page', () => {
    const song = {
      id: 's',
      name: 'Sunburn',
      artists: { primary: [{ id: 'dj x', name: 'DJ X' }], featured: [{ id: 'y1', name: 'Y' }] },
    };
    expect(songArtistLinks(song)).toEqual([
      { name: 'DJ X', to: '/artist/dj%20x' },
      { name: 'Y', to: '/artist/y1' },
    ]);
  });

  it('leaves out blanks and repeats, decodes names, and keeps a name without id as text', () => {
    expect(artistLinks([{ id: 'a', name: 'R&amp;B Trio' }, { id: 'a', name: 'R&B Trio' }, { name: ' ' }], [{ name: 'Zoë' }])).toEqual([
      { name: 'R&B Trio', to: '/artist/a' },
      { name: 'Zoë', to: null },
    ]);
  });

  it("falls back to the older primaryArtists names, then 'Unknown Artist'", () => {
    expect(songArtistLinks({ id: 's', primaryArtists: 'C, D' })).toEqual([{ name: 'C, D', to: null }]);
    expect(songArtistLinks({ id: 's' })).toEqual([{ name: 'Unknown Artist', to: null }]);
  });

  it("names the song's album with its page, none when there is no album", () => {
    expect(songAlbumLink({ id: 's', album: { id: '東京', name: '夜の街' } })).toEqual({ name: '夜の街', to: '/album/%E6%9D%B1%E4%BA%AC' });
    expect(songAlbumLink({ id: 's', album: { id: null, name: 'Loose' } })).toEqual({ name: 'Loose', to: null });
    expect(songAlbumLink({ id: 's', album: { id: null, name: null } })).toBeNull();
    expect(artistPath('a/b')).toBe('/artist/a%2Fb');
    expect(albumPath('x')).toBe('/album/x');
  });
});
