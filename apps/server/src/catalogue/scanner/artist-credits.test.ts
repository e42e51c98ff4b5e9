import { describe, expect, it } from 'vitest';
import { albumArtistName, primaryNames, splitFeaturing, trackCredits } from './artist-credits.js';

describe('trackCredits', () => {
  it('splits "A feat. B" into a primary and a featured artist', () => {
    expect(trackCredits({ artist: 'Mira Solen feat. Teo Vance' })).toEqual([
      { name: 'Mira Solen', role: 'primary' },
      { name: 'Teo Vance', role: 'featured' },
    ]);
    for (const s of ['Mira Solen ft. Teo Vance', 'Mira Solen (feat. Teo Vance)', 'Mira Solen [Featuring Teo Vance]', 'Mira Solen feat Teo Vance']) {
      expect(trackCredits({ artist: s }).map((c) => `${c.role}:${c.name}`)).toEqual(['primary:Mira Solen', 'featured:Teo Vance']);
    }
  });

  it('keeps "A & B" and "A, B & C" as one artist without a list', () => {
    expect(trackCredits({ artist: 'Simon & Garfunkel', artists: ['Simon & Garfunkel'] })).toEqual([
      { name: 'Simon & Garfunkel', role: 'primary' },
    ]);
    expect(trackCredits({ artist: 'Earth, Wind & Fire' })).toEqual([{ name: 'Earth, Wind & Fire', role: 'primary' }]);
  });

  it('splits by the ARTISTS list, keeping featured names featured', () => {
    expect(trackCredits({ artist: 'Mira Solen & Ola Brandt feat. Teo Vance', artists: ['Mira Solen', 'Ola Brandt', 'Teo Vance'] })).toEqual([
      { name: 'Mira Solen', role: 'primary' },
      { name: 'Ola Brandt', role: 'primary' },
      { name: 'Teo Vance', role: 'featured' },
    ]);
  });

  it('treats "A; B" as a list', () => {
    expect(primaryNames(trackCredits({ artist: 'Mira Solen; Ola Brandt' }))).toBe('Mira Solen, Ola Brandt');
  });

  it('credits composers, once each, and an artist once per role', () => {
    expect(trackCredits({ artist: 'Doug Kaufman', composers: ['Doug Kaufman', 'A; B', 'A'] })).toEqual([
      { name: 'Doug Kaufman', role: 'primary' },
      { name: 'Doug Kaufman', role: 'composer' },
      { name: 'A', role: 'composer' },
      { name: 'B', role: 'composer' },
    ]);
    expect(trackCredits({ artist: 'Mira Solen feat. Mira Solen' })).toEqual([{ name: 'Mira Solen', role: 'primary' }]);
  });

  it('credits nobody for a file without artist tags', () => {
    expect(trackCredits({})).toEqual([]);
    expect(trackCredits({ artist: '   ', artists: [] })).toEqual([]);
  });

  it('does not take "feat" inside a name for a featuring', () => {
    expect(splitFeaturing('Soft Cell')).toEqual({ main: 'Soft Cell', featured: null });
    expect(splitFeaturing('Daft Punk')).toEqual({ main: 'Daft Punk', featured: null });
    expect(splitFeaturing('Featuring Nobody')).toEqual({ main: 'Featuring Nobody', featured: null });
  });
});

describe('albumArtistName', () => {
  it('names compilations Various Artists and drops featurings', () => {
    expect(albumArtistName('VA')).toBe('Various Artists');
    expect(albumArtistName('various')).toBe('Various Artists');
    expect(albumArtistName('Mira Solen feat. Teo Vance')).toBe('Mira Solen');
    expect(albumArtistName('')).toBeNull();
    expect(albumArtistName(undefined)).toBeNull();
  });
});
