import { describe, expect, it } from 'vitest';
import { parseM3u, playlistNameFromFile, resolveEntry } from './m3u.js';

describe('parseM3u', () => {
  it('reads the #PLAYLIST name and the entries, skipping directives and blank lines', () => {
    const text = '\uFEFF#EXTM3U\r\n#PLAYLIST: Road Trip \r\n#EXTINF:8,A - B\r\n../a.mp3\r\n\r\n# comment\nb.flac\n';
    expect(parseM3u(text)).toEqual({ name: 'Road Trip', entries: ['../a.mp3', 'b.flac'] });
    expect(parseM3u('a.mp3')).toEqual({ name: null, entries: ['a.mp3'] });
  });
});

describe('resolveEntry', () => {
  const root = '/music';
  it('resolves entries relative to the playlist folder', () => {
    expect(resolveEntry('../Night Drive/01 Echo.mp3', 'Playlists', root)).toEqual({ ok: true, rel: 'Night Drive/01 Echo.mp3' });
    expect(resolveEntry('a.mp3', '', root)).toEqual({ ok: true, rel: 'a.mp3' });
    expect(resolveEntry('..\\wesnoth\\victory.ogg', 'Playlists', root)).toEqual({ ok: true, rel: 'wesnoth/victory.ogg' });
  });

  it('accepts absolute paths and file URLs inside the music folder', () => {
    expect(resolveEntry('/music/x/y.flac', 'p', root)).toEqual({ ok: true, rel: 'x/y.flac' });
    expect(resolveEntry('file:///music/x/a%20b.flac', 'p', root)).toEqual({ ok: true, rel: 'x/a b.flac' });
  });

  it('refuses entries outside the music folder and remote URLs', () => {
    expect(resolveEntry('/etc/hostname', 'p', root)).toEqual({ ok: false, reason: 'outside the music folder' });
    expect(resolveEntry('/musicians/a.mp3', 'p', root)).toEqual({ ok: false, reason: 'outside the music folder' });
    expect(resolveEntry('../../a.mp3', 'p', root)).toEqual({ ok: false, reason: 'outside the music folder' });
    expect(resolveEntry('http://radio.example/stream', 'p', root)).toEqual({ ok: false, reason: 'not a local file' });
  });
});

describe('playlistNameFromFile', () => {
  it('drops the extension', () => {
    expect(playlistNameFromFile('Road Trip.m3u8')).toBe('Road Trip');
    expect(playlistNameFromFile('mix.M3U')).toBe('mix');
  });
});
