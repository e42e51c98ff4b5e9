import { describe, expect, it } from 'vitest';
import { element, escapeXml, toXml } from './xml.js';

describe('subsonic XML', () => {
  it('escapes markup characters and replaces what XML cannot hold', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
    expect(escapeXml('bell\u0007 tab\t nl\n')).toBe('bell\uFFFD tab\t nl\n');
    expect(escapeXml('lone \uD800 pair \uD83C\uDFB5')).toBe('lone \uFFFD pair \uD83C\uDFB5');
  });

  it('writes scalars as attributes and objects and arrays as child elements', () => {
    expect(element('album', { id: 'a1', name: 'Rock & Roll', songCount: 2, isDir: false, song: [{ id: 's1' }, { id: 's2' }] })).toBe(
      '<album id="a1" name="Rock &amp; Roll" songCount="2" isDir="false"><song id="s1"/><song id="s2"/></album>',
    );
  });

  it('leaves out null and undefined, and writes empty arrays as nothing', () => {
    expect(element('song', { id: 's', year: null, genre: undefined, genres: [] })).toBe('<song id="s"/>');
  });

  it('makes `value` the text of its element, and arrays of scalars elements of text', () => {
    expect(element('genres', { genre: [{ value: 'Folk <live>', songCount: 3 }] })).toBe('<genres><genre songCount="3">Folk &lt;live&gt;</genre></genres>');
    expect(element('openSubsonicExtensions', [{ name: 'formPost', versions: [1, 2] }])).toBe(
      '<openSubsonicExtensions name="formPost"><versions>1</versions><versions>2</versions></openSubsonicExtensions>',
    );
  });

  it('wraps a response in the declaration and the Subsonic namespace', () => {
    expect(toXml({ status: 'ok', version: '1.16.1', license: { valid: true } })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1"><license valid="true"/></subsonic-response>',
    );
  });

  it('refuses keys that are not XML names', () => {
    expect(() => element('x', { 'a b': 1 })).toThrow(/not an XML name/);
  });
});
