import { describe, expect, it } from 'vitest';
import { albumLink, artistPieces } from './song-links.js';

const song = (primary: { id?: string; name: string }[]) => ({ id: 's1', name: 'Song', artists: { primary } });

describe('names that lead to their pages', () => {
  it('each primary artist leads to its artist page, with ", " between them', () => {
    expect(artistPieces(song([{ id: 'a 1', name: 'Ann' }, { id: 'b2', name: 'Bo &amp; Co' }]))).toEqual([
      { text: 'Ann', to: '/artist/a%201' },
      { text: ', ', to: null },
      { text: 'Bo & Co', to: '/artist/b2' },
    ]);
  });

  it('keeps the first 20 characters of the whole line, as the mini player shows them (SPEC#chrome-mini-player)', () => {
    const pieces = artistPieces(song([{ id: 'a', name: 'Aleksi Aubry-Carlson' }, { id: 'b', name: 'Second' }]), 20);
    expect(pieces.map((p) => p.text).join('')).toBe('Aleksi Aubry-Carlson');
    expect(pieces).toHaveLength(1);
    const cut = artistPieces(song([{ id: 'a', name: 'Ann' }, { id: 'b', name: 'Someone Long Named' }]), 20);
    expect(cut.map((p) => p.text).join('')).toBe('Ann, Someone Long Na');
    expect(cut[2]).toEqual({ text: 'Someone Long Na', to: '/artist/b' });
  });

  it('an artist without an id, or only the older names, leads nowhere', () => {
    expect(artistPieces(song([{ name: 'Ann' }]))).toEqual([{ text: 'Ann', to: null }]);
    expect(artistPieces({ id: 's', primaryArtists: 'Old Name' })).toEqual([{ text: 'Old Name', to: null }]);
    expect(artistPieces({ id: 's' })).toEqual([{ text: 'Unknown Artist', to: null }]);
  });

  it('the album leads to its page when the catalogue gives its id', () => {
    expect(albumLink({ id: 's', album: { id: 'al/1', name: 'The Album' } })).toEqual({ text: 'The Album', to: '/album/al%2F1' });
    expect(albumLink({ id: 's', album: 'Just a name' })).toEqual({ text: 'Just a name', to: null });
  });
});
