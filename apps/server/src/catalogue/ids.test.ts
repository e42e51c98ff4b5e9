import { describe, expect, it } from 'vitest';
import { albumKey, artistKey, coverId, groupKey, idCandidates, numericId, trackId } from './ids.js';

describe('catalogue ids', () => {
  it('gives a song the same 11-character url-safe id for the same fingerprint', () => {
    const a = trackId('fp-1');
    expect(a).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(trackId('fp-1')).toBe(a);
    expect(trackId('fp-2')).not.toBe(a);
  });

  it('gives albums, artists and playlists 10-digit numeric ids per kind', () => {
    const album = numericId('album', 'harbour lights\0mira solen');
    expect(album).toMatch(/^[1-9][0-9]{9}$/);
    expect(numericId('album', 'harbour lights\0mira solen')).toBe(album);
    expect(numericId('artist', 'harbour lights\0mira solen')).not.toBe(album);
    for (let i = 0; i < 200; i++) expect(numericId('playlist', `p${i}`)).toMatch(/^[1-9][0-9]{9}$/);
  });

  it('offers distinct salted candidates after the plain id', () => {
    const gen = idCandidates((k) => numericId('artist', k), 'mira solen');
    const first = gen.next().value;
    const second = gen.next().value;
    const third = gen.next().value;
    expect(first).toBe(numericId('artist', 'mira solen'));
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('names a cover by the hash of its bytes, in lower-case hex', () => {
    const id = coverId(new Uint8Array([1, 2, 3]));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(coverId(new Uint8Array([1, 2, 3]))).toBe(id);
    expect(coverId(new Uint8Array([1, 2, 4]))).not.toBe(id);
  });

  it('groups names regardless of case, accents and spacing', () => {
    expect(groupKey('  Beyoncé   Knowles ')).toBe('beyonce knowles');
    expect(artistKey('MIRA SOLEN')).toBe(artistKey('Mira Solen'));
    expect(albumKey('Harbour Lights', 'Mira Solen')).toBe(albumKey('harbour  lights', 'MIRA SOLEN'));
    expect(albumKey('Harbour Lights', 'Mira Solen')).not.toBe(albumKey('Harbour Lights', 'Teo Vance'));
    expect(albumKey('X', null)).toBe(albumKey('X', ''));
  });
});
