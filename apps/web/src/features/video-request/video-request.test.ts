// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBackend, FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { makeSong } from '../../test/songs.js';
import { rateLimitMessage, requestVideo, videoRequestUrl, videoSearchText } from './video-request.js';

const HOUR = 3_600_000;
let fake: FakeBackend;
beforeEach(() => {
  localStorage.clear();
  fake = createFakeBackend({ user: { $id: 'u1', name: 'A', email: 'a@x' } });
});

describe('video requests (SPEC#states-video-request, SPEC#validation-video-request, SPEC#errors-video, SPEC#limits-video-requests)', () => {
  it('search text: the name cut to 50 plus each primary artist cut to 50', () => {
    const song = makeSong('s1', {
      name: `Fire &amp; ${'x'.repeat(60)}`,
      artists: { primary: [{ id: 'a', name: 'y'.repeat(70), role: 'primary_artists', type: 'artist', image: [], url: '' }, { id: 'b', name: 'Bo', role: 'primary_artists', type: 'artist', image: [], url: '' }], featured: [], all: [] },
    });
    const [name, a1, a2] = [`Fire & ${'x'.repeat(43)}`, 'y'.repeat(50), 'Bo'];
    expect(videoSearchText(song)).toBe(`${name} ${a1} ${a2}`);
    // Site-relative: right whatever name, port or proxy the server is reached by.
    expect(videoRequestUrl(song).startsWith('/download?')).toBe(true);
    const url = new URL(videoRequestUrl(song), 'http://any.example');
    expect(url.pathname).toBe('/download');
    expect(url.searchParams.get('id')).toBe('s1');
    expect(url.searchParams.get('name')).toBe(`${name} ${a1} ${a2}`);
  });

  it('stores {song_id, url} and counts 3 per 24 hours on this device', async () => {
    const now = Date.UTC(2026, 0, 1);
    expect(await requestVideo(fake, makeSong('s1'), now)).toEqual({ kind: 'queued', remaining: 2 });
    expect(fake.docs.VideoRequest).toEqual([expect.objectContaining({ song_id: 's1', url: expect.stringMatching(/^\/download\?name=/) })]);
    expect(await requestVideo(fake, makeSong('s2'), now + HOUR)).toEqual({ kind: 'queued', remaining: 1 });
    expect(await requestVideo(fake, makeSong('s3'), now + 2 * HOUR)).toEqual({ kind: 'queued', remaining: 0 });
    // The window started at the first request: 24 h later, minus 3 h now.
    expect(await requestVideo(fake, makeSong('s4'), now + 3 * HOUR)).toEqual({ kind: 'refused', message: rateLimitMessage(21) });
    expect(rateLimitMessage(21)).toBe('Rate limit exceeded. You can request 3 videos per day. Try again in 21 hour(s).');
    expect(fake.docs.VideoRequest).toHaveLength(3);
    expect(await requestVideo(fake, makeSong('s4'), now + 24 * HOUR)).toEqual({ kind: 'queued', remaining: 2 });
  });

  it("shows the server's refusal with its message and does not count it", async () => {
    fake.docs.VideoRequest.push({ $id: 'r0', song_id: 's1' });
    expect(await requestVideo(fake, makeSong('s1'), 0)).toEqual({ kind: 'refused', message: 'Song is already requested for video' });
    expect(await requestVideo(fake, makeSong('s2'), 0)).toEqual({ kind: 'queued', remaining: 2 });
  });

  it("no answer or a server fault: 'Failed to add song to queue'; no song: 'Song ID is required'", async () => {
    fake.failNext('create', new TypeError('Failed to fetch'));
    expect(await requestVideo(fake, makeSong('s1'), 0)).toEqual({ kind: 'refused', message: 'Failed to add song to queue' });
    fake.failNext('create', new FakeBackendError('Server Error', 500));
    expect(await requestVideo(fake, makeSong('s1'), 0)).toEqual({ kind: 'refused', message: 'Failed to add song to queue' });
    expect(await requestVideo(fake, undefined, 0)).toEqual({ kind: 'refused', message: 'Song ID is required' });
  });
});
