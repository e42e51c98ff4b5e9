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
  const root = [{ prefix: '', roots: ['/music'] }];
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

describe('resolveEntry with several libraries', () => {
  // As the scanner sees them (MUSIC_DIRS): songs' paths start with their library's id.
  const libraries = [
    { prefix: 'music', roots: ['/srv/music', '/mnt/disk1/music', '/data/libraries/music'] },
    { prefix: 'books', roots: ['/srv/books'] },
  ];

  it('puts an absolute path in whichever library holds it, in any spelling of its folder', () => {
    expect(resolveEntry('/srv/books/Dune/01.mp3', 'music/Lists', libraries)).toEqual({ ok: true, rel: 'books/Dune/01.mp3' });
    expect(resolveEntry('/srv/music/x/y.flac', 'books', libraries)).toEqual({ ok: true, rel: 'music/x/y.flac' });
    expect(resolveEntry('/mnt/disk1/music/x/y.flac', 'books', libraries)).toEqual({ ok: true, rel: 'music/x/y.flac' });
    expect(resolveEntry('file:///srv/books/a%20b.ogg', 'music', libraries)).toEqual({ ok: true, rel: 'books/a b.ogg' });
    expect(resolveEntry('C:\\srv\\books\\c.mp3', 'music', [{ prefix: 'books', roots: ['C:\\srv\\books'] }])).toEqual({ ok: true, rel: 'books/c.mp3' });
  });

  it('starts a relative path at the playlist\'s folder on disk, into another library when that is where it leads', () => {
    expect(resolveEntry('../A/one.ogg', 'music/Lists', libraries)).toEqual({ ok: true, rel: 'music/A/one.ogg' });
    expect(resolveEntry('one.ogg', 'books', libraries)).toEqual({ ok: true, rel: 'books/one.ogg' });
    expect(resolveEntry('../../books/Dune/01.mp3', 'music/Lists', libraries)).toEqual({ ok: true, rel: 'books/Dune/01.mp3' });
  });

  it('refuses paths outside every library', () => {
    expect(resolveEntry('/srv/podcasts/a.mp3', 'music', libraries)).toEqual({ ok: false, reason: 'outside the music folder' });
    expect(resolveEntry('/srv/musical/a.mp3', 'music', libraries)).toEqual({ ok: false, reason: 'outside the music folder' });
    expect(resolveEntry('/srv/music/../podcasts/a.mp3', 'music', libraries)).toEqual({ ok: false, reason: 'outside the music folder' });
    expect(resolveEntry('../../podcasts/a.mp3', 'music/Lists', libraries)).toEqual({ ok: false, reason: 'outside the music folder' });
    expect(resolveEntry('/srv/books', 'music', libraries)).toEqual({ ok: false, reason: 'outside the music folder' });
    // A playlist in no library has no folder to start from.
    expect(resolveEntry('a.mp3', 'podcasts', libraries)).toEqual({ ok: false, reason: 'outside the music folder' });
  });
});

describe('playlistNameFromFile', () => {
  it('drops the extension', () => {
    expect(playlistNameFromFile('Road Trip.m3u8')).toBe('Road Trip');
    expect(playlistNameFromFile('mix.M3U')).toBe('mix');
  });
});
