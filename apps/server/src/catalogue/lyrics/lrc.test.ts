import { describe, expect, it } from 'vitest';
import { looksLikeLrc, parseLrc, plainLyrics } from './lrc.js';

describe('parseLrc', () => {
  it('reads stamps, sorts them, keeps empty lines as pauses, skips metadata tags', () => {
    const lrc = '\uFEFF[ar:Someone]\n[ti:A Song]\n[la:en]\n[00:12.50]Second line\n[00:05.00]First line\n[00:20.123]\n[01:02]Later\n';
    expect(parseLrc(lrc)).toEqual({
      synced: true,
      lang: 'en',
      lines: [
        { startMs: 5000, text: 'First line' },
        { startMs: 12500, text: 'Second line' },
        { startMs: 20123, text: '' },
        { startMs: 62000, text: 'Later' },
      ],
    });
  });

  it('repeats a line for each of its stamps and applies the offset (positive = earlier)', () => {
    expect(parseLrc('[offset:+500]\n[00:10.00][00:30.00]Chorus').lines).toEqual([
      { startMs: 9500, text: 'Chorus' },
      { startMs: 29500, text: 'Chorus' },
    ]);
    expect(parseLrc('[offset:-250]\n[00:00.10]Go').lines).toEqual([{ startMs: 350, text: 'Go' }]);
  });

  it('without stamps the lyrics are unsynced', () => {
    expect(parseLrc('Just words\n\nMore words')).toEqual({ synced: false, lang: null, lines: [{ text: 'Just words' }, { text: 'More words' }] });
  });

  it('tells LRC from plain text', () => {
    expect(looksLikeLrc('intro\n[00:01.00]hello')).toBe(true);
    expect(looksLikeLrc('Verse [chorus]\nhello')).toBe(false);
    expect(plainLyrics(' a \n\n b').lines).toEqual([{ text: 'a' }, { text: 'b' }]);
  });
});
