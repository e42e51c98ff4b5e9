import { describe, expect, it } from 'vitest';
import { firstStream, playlistKind } from './radio-playlist.js';

describe('station playlists', () => {
  it('knows a playlist by its type, or by its name when the type is text or generic', () => {
    expect(playlistKind('audio/x-mpegurl', 'http://r.example/a')).toBe('m3u');
    expect(playlistKind('application/vnd.apple.mpegurl; charset=utf-8', 'http://r.example/a')).toBe('m3u');
    expect(playlistKind('audio/x-scpls', 'http://r.example/a')).toBe('pls');
    expect(playlistKind('text/plain', 'http://r.example/listen.PLS?x=1')).toBe('pls');
    expect(playlistKind('application/octet-stream', 'http://r.example/live.m3u')).toBe('m3u');
    expect(playlistKind('', 'http://r.example/live.m3u8')).toBe('m3u');
    expect(playlistKind('audio/mpeg', 'http://r.example/live.m3u')).toBeNull();
    expect(playlistKind('text/html', 'http://r.example/live')).toBeNull();
  });

  it('reads the first stream of an M3U: comments and blank lines skipped, relative entries resolved', () => {
    expect(firstStream('#EXTM3U\r\n#EXTINF:-1,FM\r\n\r\nhttp://s.example/live\r\nhttp://s.example/b\r\n', 'm3u', 'http://r.example/x.m3u')).toBe('http://s.example/live');
    expect(firstStream('\uFEFFlive.mp3\n', 'm3u', 'http://r.example/dir/x.m3u')).toBe('http://r.example/dir/live.mp3');
    expect(firstStream('file:///etc/passwd\n', 'm3u', 'http://r.example/x.m3u')).toBeNull();
    expect(firstStream('#EXTM3U\n#EXT-X-TARGETDURATION:10\nseg1.ts\n', 'm3u', 'http://r.example/x.m3u8')).toBeNull();
    expect(firstStream('#EXTM3U\n', 'm3u', 'http://r.example/x.m3u')).toBeNull();
  });

  it('reads File1 of a PLS (else the lowest-numbered file)', () => {
    expect(firstStream('[playlist]\nFile2=http://s.example/b\nfile1 = http://s.example/a\nNumberOfEntries=2\n', 'pls', 'http://r.example/x.pls')).toBe('http://s.example/a');
    expect(firstStream('[playlist]\nFile3=http://s.example/c\nFile2=gopher://x\n', 'pls', 'http://r.example/x.pls')).toBe('http://s.example/c');
    expect(firstStream('[playlist]\nNumberOfEntries=0\n', 'pls', 'http://r.example/x.pls')).toBeNull();
  });
});
