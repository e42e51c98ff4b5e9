// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { writeCached } from '../../shared/lib/storage.js';
import { findSongVideo } from './song-video.js';
import { readSongVideo, SONG_VIDEO, writeSongVideo } from './song-video-cache.js';
import { videoTarget } from './synced-video.js';

let fake: FakeBackend;
const api = async () => fake;
beforeEach(() => {
  localStorage.clear();
  fake = createFakeBackend();
});

describe('song video availability (SPEC#states-video-mode: approved list, cache, server)', () => {
  it('asks the server once (VideoPreview by song_id, limit 1) and caches yes or no for 5 days', async () => {
    fake.docs.VideoPreview.push({ $id: 'v1', song_id: 's1', aws_url: 'http://h/videos/s1/preview.mp4', audio_url: 'http://h/media/s1/160kbps.m4a' });
    const now = 1_000_000;
    expect(await findSongVideo(api, 's1', now)).toMatchObject({ song_id: 's1', hasVideo: true, audio_url: 'http://h/media/s1/160kbps.m4a' });
    expect(await findSongVideo(api, 's2', now)).toMatchObject({ song_id: 's2', hasVideo: false });
    const queries = (fake.calls[0]!.args[1] as string[]).map((s) => JSON.parse(s) as unknown);
    expect(queries).toEqual([{ method: 'equal', attribute: 'song_id', values: ['s1'] }, { method: 'limit', values: [1] }]);
    await findSongVideo(api, 's1', now + SONG_VIDEO.TTL_MS - 1);
    expect(fake.calls).toHaveLength(2);
    await findSongVideo(api, 's1', now + SONG_VIDEO.TTL_MS);
    expect(fake.calls).toHaveLength(3);
  });

  it("uses Home's preview list first, without asking the server", async () => {
    writeCached(localStorage, 'videoPreviewCache', [{ id: 'v9', song_id: 's9', aws_url: '/videos/s9/preview.mp4', audio_url: '/a.m4a' }], { version: '4.0', ttlMs: 60_000 });
    expect(await findSongVideo(api, 's9')).toMatchObject({ hasVideo: true, aws_url: '/videos/s9/preview.mp4' });
    expect(fake.calls).toEqual([]);
  });

  it('keeps at most 1000 entries, dropping the oldest; another version is ignored', () => {
    const full = Object.fromEntries(
      Array.from({ length: SONG_VIDEO.MAX_ENTRIES }, (_, i) => [`s${i}`, { id: '', song_id: `s${i}`, aws_url: '', audio_url: null, hasVideo: false, cachedAt: 1000 + i }]),
    );
    localStorage.setItem('songVideoCache', JSON.stringify({ version: '1.0', entries: full }));
    writeSongVideo({ id: '', song_id: 'new', aws_url: '', audio_url: null, hasVideo: false }, 1500);
    expect(readSongVideo('new', 2000)).not.toBeNull();
    expect(readSongVideo('s0', 2000)).toBeNull();
    expect(readSongVideo('s1', 2000)).not.toBeNull();
    localStorage.setItem('songVideoCache', JSON.stringify({ version: '0.9', entries: { s1: { song_id: 's1', hasVideo: true, cachedAt: 1000 } } }));
    expect(readSongVideo('s1', 1001)).toBeNull();
  });

  it('a looping video follows the audio position modulo its length', () => {
    expect(videoTarget(75, 30)).toBe(15);
    expect(videoTarget(12, Number.NaN)).toBe(12);
  });
});
