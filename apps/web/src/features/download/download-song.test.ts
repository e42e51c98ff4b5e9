import { describe, expect, it, vi } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { downloadAddress, downloadFileName, downloadSong } from './download-song.js';

describe('song download (SPEC#other-calls-song-download, DESIGN §8)', () => {
  it('uses the fifth download address; https only when the page is https', () => {
    const song = makeSong('s1', { downloadUrl: (['12', '48', '96', '160', '320'] as const).map((q) => ({ quality: `${q}kbps` as const, url: `http://h/media/s1/${q}.m4a` })) });
    expect(downloadAddress(song, 'http:')).toBe('http://h/media/s1/320.m4a');
    expect(downloadAddress(song, 'https:')).toBe('https://h/media/s1/320.m4a');
    expect(downloadAddress(makeSong('s2', { downloadUrl: [] }), 'http:')).toBeNull();
  });

  it("names the file after the song, or 'download'", () => {
    expect(downloadFileName(makeSong('s1', { name: 'Rock &amp; Roll / Live' }), 'audio/mp4')).toBe('Rock & Roll Live.m4a');
    expect(downloadFileName(makeSong('s1', { name: '' }), 'audio/ogg; codecs=opus')).toBe('download.ogg');
    expect(downloadFileName(makeSong('s1', { name: 'x' }), 'application/octet-stream')).toBe('x');
  });

  it('fetches a blob and saves it; a failure is only logged', async () => {
    const saved: string[] = [];
    const ok = await downloadSong(makeSong('s1', { name: 'Tune' }), {
      pageProtocol: 'http:',
      fetch: async () => new Response(new Blob(['abc'], { type: 'audio/mp4' })),
      save: (blob, name) => void saved.push(`${name}:${blob.size}`),
    });
    expect(ok).toBe(true);
    expect(saved).toEqual(['Tune.m4a:3']);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await downloadSong(makeSong('s1'), { pageProtocol: 'http:', fetch: async () => new Response('', { status: 404 }), save: () => saved.push('no') })).toBe(false);
    expect(saved).toEqual(['Tune.m4a:3']);
    expect(log).toHaveBeenCalled();
  });
});
