import { describe, expect, it } from 'vitest';
import { canSeekTo, withTimeOffset } from './source-address.js';

const ranges = (...r: [number, number][]) => ({ length: r.length, start: (i: number) => r[i]![0], end: (i: number) => r[i]![1] });

describe('withTimeOffset', () => {
  it('adds the offset to our media addresses, absolute or site-relative, keeping other parameters', () => {
    expect(withTimeOffset('http://h:8080/media/abc/320.mp4', 61.25)).toBe('http://h:8080/media/abc/320.mp4?timeOffset=61.3');
    expect(withTimeOffset('/media/abc/96.mp4', 10)).toBe('/media/abc/96.mp4?timeOffset=10.0');
    expect(withTimeOffset('https://h/media/abc/96.mp4?download=1', 10)).toBe('https://h/media/abc/96.mp4?download=1&timeOffset=10.0');
    expect(withTimeOffset('https://h/media/abc/96.mp4?timeOffset=5.0', 10)).toBe('https://h/media/abc/96.mp4?timeOffset=10.0');
  });

  it('starts at the beginning without an offset, and leaves other hosts’ addresses alone', () => {
    expect(withTimeOffset('https://h/media/abc/96.mp4', 0)).toBe('https://h/media/abc/96.mp4');
    expect(withTimeOffset('https://h/media/abc/96.mp4', 0.6)).toBe('https://h/media/abc/96.mp4');
    expect(withTimeOffset('https://cdn.example/aac/abc_320.mp4', 30)).toBe('https://cdn.example/aac/abc_320.mp4');
    expect(withTimeOffset('/videos/abc/preview.mp4', 30)).toBe('/videos/abc/preview.mp4');
  });
});

describe('canSeekTo', () => {
  it('is true inside a seekable range of a file served with Range', () => {
    expect(canSeekTo(ranges([0, 200]), 150)).toBe(true);
    expect(canSeekTo(ranges([0, 200]), 200)).toBe(true);
    expect(canSeekTo(ranges([0, 10], [20, 30]), 25)).toBe(true);
  });

  it('is false for a live stream (seekable [0, 0] or nothing) and past the end', () => {
    expect(canSeekTo(ranges([0, 0]), 0)).toBe(false);
    expect(canSeekTo(ranges([0, 0]), 60)).toBe(false);
    expect(canSeekTo(ranges(), 60)).toBe(false);
    expect(canSeekTo(ranges([0, 200]), 201)).toBe(false);
  });
});
