import { describe, expect, it } from 'vitest';
import { entityUrl, linkId, slugify } from './entity-urls.js';

describe('entity urls', () => {
  it('builds readable slugs without accents or punctuation', () => {
    expect(slugify('Gonéri Bjørk & The Band!')).toBe('goneri-bjørk-the-band');
    expect(slugify('  ---  ')).toBe('-');
    expect(entityUrl('https://music.example', 'song', 'Paper Lanterns', 'Xk3pQ9aB')).toBe(
      'https://music.example/song/paper-lanterns/Xk3pQ9aB',
    );
  });

  it('reads the id back from our own url or any url ending in an id', () => {
    expect(linkId(entityUrl('http://h', 'album', 'Harbour Lights', 'al 1'))).toBe('al 1');
    expect(linkId('https://www.jiosaavn.com/song/some-title/Xk3pQ9aB/')).toBe('Xk3pQ9aB');
    expect(linkId('https://example.org')).toBeNull();
    expect(() => linkId('not a url')).toThrow(TypeError);
  });
});
