import { describe, expect, it } from 'vitest';
import { isJunkTitle, titleFromFileName, trackFromFileName } from './file-title.js';

describe('titleFromFileName', () => {
  it.each([
    ['03_an_untagged_song.mp3', 'An Untagged Song'],
    ['breaking_the_chains.ogg', 'Breaking the Chains'],
    ['elf-land.ogg', 'Elf Land'],
    ['silence.ogg', 'Silence'],
    ['01 - Paper Lanterns.flac', 'Paper Lanterns'],
    ['1. intro.mp3', 'Intro'],
    ['12) LOUD SONG.mp3', 'Loud Song'],
    ['1-02 Elf-Land.m4a', 'Elf-Land'],
    ['01.Song.Name.mp3', 'Song Name'],
    ['Paper Lanterns (Reprise).flac', 'Paper Lanterns (Reprise)'],
    ['some/folder/ok_computer.wav', 'Ok Computer'],
  ])('%s -> %s', (file, title) => {
    expect(titleFromFileName(file)).toBe(title);
  });

  it('keeps a number that is part of the title', () => {
    expect(titleFromFileName('7 Years.mp3')).toBe('7 Years');
    expect(titleFromFileName('99 Luftballons.mp3')).toBe('99 Luftballons');
    expect(titleFromFileName('2001.ogg')).toBe('2001');
    expect(titleFromFileName('007.ogg')).toBe('007');
  });

  it('keeps mixed case as the file has it', () => {
    expect(titleFromFileName('iPhone Blues.mp3')).toBe('iPhone Blues');
  });

  it('never returns an empty title', () => {
    expect(titleFromFileName('___.mp3')).not.toBe('');
    expect(titleFromFileName('.mp3')).not.toBe('');
  });
});

describe('trackFromFileName', () => {
  it.each([
    ['03_an_untagged_song.mp3', { disc: null, track: 3 }],
    ['01 - Paper Lanterns.flac', { disc: null, track: 1 }],
    ['1. intro.mp3', { disc: null, track: 1 }],
    ['12) LOUD SONG.mp3', { disc: null, track: 12 }],
    ['01.Song.Name.mp3', { disc: null, track: 1 }],
    ['1-02 Elf-Land.m4a', { disc: 1, track: 2 }],
    ['2-11 - Finale.flac', { disc: 2, track: 11 }],
  ])('%s -> %o', (file, n) => {
    expect(trackFromFileName(file)).toEqual(n);
  });

  it('finds no number in a title that starts with one, or in a name that is only a number', () => {
    for (const file of ['7 Years.mp3', '99 Luftballons.mp3', '2001.ogg', '007.ogg', 'silence.ogg', '00 - Hidden.mp3']) {
      expect(trackFromFileName(file), file).toBeNull();
    }
  });
});

describe('isJunkTitle', () => {
  it('rejects titles that are file names or URLs', () => {
    expect(isJunkTitle('track01.mp3')).toBe(true);
    expect(isJunkTitle('http://example.com/song')).toBe(true);
    expect(isJunkTitle('Track 01')).toBe(false);
  });
});
