import { describe, expect, it } from 'vitest';
import { baseUrl, ceilingTier, effectiveTier, imagePath, mediaPath } from './urls.js';

describe('catalogue urls', () => {
  it('builds absolute addresses from PUBLIC_URL or the request origin', () => {
    expect(baseUrl({ PUBLIC_URL: undefined }, 'http://host:8080/api/songs/x')).toBe('http://host:8080');
    expect(baseUrl({ PUBLIC_URL: 'https://music.example/' }, 'http://x/')).toBe('https://music.example');
    expect(imagePath(null, 500)).toBe('/images/default/500.jpg');
    expect(mediaPath('abc', 96)).toBe('/media/abc/96.mp4');
  });

  it('never invents a tier above a lossy source', () => {
    expect(ceilingTier(79, 'vorbis')).toBe(96);
    expect(ceilingTier(128, 'mp3')).toBe(160);
    expect(ceilingTier(320, 'mp3')).toBe(320);
    expect(ceilingTier(900, 'flac')).toBe(320);
    expect(ceilingTier(null, null)).toBe(320);
    expect(effectiveTier(320, 96)).toBe(96);
    expect(effectiveTier(48, 96)).toBe(48);
  });
});
