import { describe, expect, it } from 'vitest';
import { languageName } from './languages.js';

describe('languageName', () => {
  it.each([
    ['eng', 'english'],
    ['en', 'english'],
    ['EN-us', 'english'],
    ['fra', 'french'],
    ['fre', 'french'],
    ['hin', 'hindi'],
    ['tel', 'telugu'],
    ['pt_BR', 'portuguese'],
    ['English', 'english'],
    ['Telugu', 'telugu'],
    ['eng/fra', 'english'],
    ['spa; eng', 'spanish'],
  ])('%s -> %s', (tag, name) => expect(languageName(tag)).toBe(name));

  it('gives an empty string for no language, undetermined or unknown codes', () => {
    for (const tag of [undefined, null, '', '  ', 'und', 'zxx', 'mul', 'qqq', '12']) expect(languageName(tag)).toBe('');
  });

  it('keeps a language name it does not know, in lower case', () => {
    expect(languageName('Klingon')).toBe('klingon');
  });
});
