import { describe, expect, it } from 'vitest';
import { isMediaPath, parseMediaTarget, readTimeOffset, resolveInside } from './media-paths.js';

describe('parseMediaTarget', () => {
  it('reads audio and image targets', () => {
    expect(parseMediaTarget('/media/Ab_9-z/320.mp4')).toEqual({
      kind: 'audio',
      trackId: 'Ab_9-z',
      kbps: 320,
      format: 'aac',
      download: false,
      timeOffsetS: 0,
      seek: 'player',
    });
    expect(parseMediaTarget('/media/x/12.mp4?download=1')).toMatchObject({ kbps: 12, download: true });
    expect(parseMediaTarget('/media/x/12.mp4?download')).toMatchObject({ download: true });
    expect(parseMediaTarget('/media/x/12.mp4?download=true')).toMatchObject({ download: true });
    expect(parseMediaTarget('/media/x/12.mp4?download=0')).toMatchObject({ download: false });
    expect(parseMediaTarget('/images/default/150.jpg')).toEqual({ kind: 'image', coverId: 'default', size: 150, anySize: false });
  });

  it("refuses what only Subsonic asks, through the media module's typed calls, from the network", () => {
    expect(parseMediaTarget('/media/x/96.mp3')).toEqual({ kind: 'invalid', status: 404, message: 'route not found' });
    expect(parseMediaTarget('/media/x/96.mp4?timeOffset=5')).toMatchObject({ format: 'aac', seek: 'player' });
    expect(parseMediaTarget('/images/x/300.jpg')).toMatchObject({ kind: 'invalid', status: 400 });
  });

  it('reads timeOffset as seconds, and names what is wrong with a bad one', () => {
    expect(parseMediaTarget('/media/x/96.mp4?timeOffset=61.5')).toMatchObject({ kind: 'audio', timeOffsetS: 61.5 });
    expect(parseMediaTarget('/media/x/96.mp4?download=1&timeOffset=7')).toMatchObject({ download: true, timeOffsetS: 7 });
    expect(parseMediaTarget('/media/x/96.mp4?timeOffset=')).toMatchObject({ kind: 'audio', timeOffsetS: 0 });
    expect(readTimeOffset(null)).toBe(0);
    expect(readTimeOffset('0')).toBe(0);
    expect(readTimeOffset('360000')).toBe(360_000);
    expect(readTimeOffset('-1')).toBe('timeOffset must not be negative');
    expect(readTimeOffset('-0.5')).toBe('timeOffset must not be negative');
    for (const bad of ['abc', '1e3', '0x10', 'NaN', 'Infinity', ' 5', '5s', '1.2345', '.5', '1,5']) {
      expect(readTimeOffset(bad), bad).toBe('timeOffset must be a number of seconds, e.g. timeOffset=61.5');
    }
    expect(readTimeOffset('360000.5')).toBe('timeOffset must be at most 360000 seconds');
    expect(parseMediaTarget('/media/x/96.mp4?timeOffset=-3')).toEqual({ kind: 'invalid', status: 400, message: 'timeOffset must not be negative' });
  });

  it('answers unknown tiers and sizes with 400 naming the allowed values', () => {
    expect(parseMediaTarget('/media/x/64.mp4')).toEqual({
      kind: 'invalid',
      status: 400,
      message: 'unknown bitrate 64; expected one of 12, 48, 96, 160, 320',
    });
    expect(parseMediaTarget('/images/x/300.jpg')).toEqual({
      kind: 'invalid',
      status: 400,
      message: 'unknown image size 300; expected one of 50, 150, 500',
    });
  });

  it('treats traversal, encoded or not, as not found', () => {
    for (const url of [
      '/media/../320.mp4',
      '/media/%2e%2e/320.mp4',
      '/media/..%2fetc/320.mp4',
      '/media/a%2fb/320.mp4',
      '/media/a/b/320.mp4',
      '/media/a/..%2f320.mp4',
      '/media/a\\b/320.mp4',
      '/images/../500.jpg',
      '/images/%2E%2E%2F/500.jpg',
      '/media/' + 'x'.repeat(129) + '/320.mp4',
    ]) {
      expect(parseMediaTarget(url).kind, url).toBe('invalid');
      expect((parseMediaTarget(url) as { status: number }).status, url).toBe(404);
    }
  });

  it('only claims /media/ and /images/', () => {
    expect(isMediaPath('/media/x/1.mp4')).toBe(true);
    expect(isMediaPath('/images/x')).toBe(true);
    expect(isMediaPath('/api/songs')).toBe(false);
    expect(isMediaPath('/mediax')).toBe(false);
  });
});

describe('resolveInside', () => {
  it('resolves paths below the root and refuses the rest', () => {
    expect(resolveInside('/music', 'a/b.flac')).toBe('/music/a/b.flac');
    expect(resolveInside('/music', '..foo/b.flac')).toBe('/music/..foo/b.flac');
    expect(resolveInside('/music', '../etc/passwd')).toBeNull();
    expect(resolveInside('/music', 'a/../../etc')).toBeNull();
    expect(resolveInside('/music', '/etc/passwd')).toBeNull();
    expect(resolveInside('/music', '')).toBeNull();
  });
});
