import { describe, expect, it } from 'vitest';
import { CROSSFADE, crossfadeCurves, crossfadeLengthS, crossfadeWindow, isCrossfadeS } from './crossfade.js';

const song = (id: string, album: string | null) => ({ id, album: { id: album } });
const pair = (over: Partial<Parameters<typeof crossfadeLengthS>[0]> = {}) =>
  crossfadeLengthS({
    settingS: 4,
    current: song('a', 'x'),
    following: song('b', 'y'),
    currentDurationS: 200,
    followingDurationS: 180,
    ...over,
  });

describe('crossfadeLengthS: whether two songs fade into each other, and for how long', () => {
  it('songs of different albums overlap by the setting', () => {
    expect(pair()).toBe(4);
    expect(pair({ settingS: 12 })).toBe(12);
  });

  it('off is 0: the songs follow on gaplessly', () => {
    expect(pair({ settingS: 0 })).toBe(0);
  });

  it('never overlaps more than half of either song', () => {
    expect(pair({ settingS: 12, currentDurationS: 10 })).toBe(5);
    expect(pair({ settingS: 12, followingDurationS: 6 })).toBe(3);
    expect(pair({ settingS: 2, followingDurationS: 6 })).toBe(2);
  });

  it('consecutive songs of one album stay gapless; songs without an album do fade', () => {
    expect(pair({ following: song('b', 'x') })).toBe(0);
    expect(pair({ current: song('a', null), following: song('b', null) })).toBe(4);
  });

  it('a song that follows itself (repeated) does not fade into itself', () => {
    expect(pair({ following: song('a', 'y') })).toBe(0);
  });

  it('no fade without a following song or a known length', () => {
    expect(pair({ following: undefined })).toBe(0);
    expect(pair({ currentDurationS: Number.NaN })).toBe(0);
    expect(pair({ followingDurationS: 0 })).toBe(0);
  });
});

describe('crossfadeWindow', () => {
  it('starts the next song the overlap before the current one ends', () => {
    expect(crossfadeWindow({ endS: 100, lengthS: 4, clockS: 90 })).toEqual({ startS: 96, durationS: 4 });
  });
  it('starts now, over what is left, when that moment has passed', () => {
    expect(crossfadeWindow({ endS: 100, lengthS: 4, clockS: 98.5 })).toEqual({ startS: 98.5, durationS: 1.5 });
    expect(crossfadeWindow({ endS: 100, lengthS: 4, clockS: 101 })).toEqual({ startS: 101, durationS: 0 });
  });
  it('no overlap is a hand-over at the end', () => {
    expect(crossfadeWindow({ endS: 100, lengthS: 0, clockS: 90 })).toEqual({ startS: 100, durationS: 0 });
  });
});

describe('crossfadeCurves', () => {
  const sums = (c: { out: Float32Array; in: Float32Array }, outPeak: number, inPeak: number) =>
    Array.from(c.out, (o, i) => outPeak * o + inPeak * c.in[i]!);

  it('the ending song goes from full to silent, the next from silent to full', () => {
    const c = crossfadeCurves({ outPeak: 0.3, inPeak: 0.3 });
    expect(c.out).toHaveLength(CROSSFADE.CURVE_POINTS);
    expect([c.out[0], c.in[0]]).toEqual([1, 0]);
    expect([c.out.at(-1), c.in.at(-1)]).toEqual([0, 1]);
    for (let i = 1; i < c.out.length; i++) {
      expect(c.out[i]!).toBeLessThanOrEqual(c.out[i - 1]!);
      expect(c.in[i]!).toBeGreaterThanOrEqual(c.in[i - 1]!);
    }
  });

  it('equal power where the peaks leave room: each at 0.707 in the middle', () => {
    const c = crossfadeCurves({ outPeak: 0.5, inPeak: 0.5, points: 3 });
    expect(c.out[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(c.in[1]).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('never past full scale: songs that reach it meet at half each', () => {
    const c = crossfadeCurves({ outPeak: 1, inPeak: 1, points: 3 });
    expect(c.out[1]).toBeCloseTo(0.5, 6);
    expect(c.in[1]).toBeCloseTo(0.5, 6);
    for (const [o, p] of [[1, 1], [0.9, 0.4], [0.2, 1], [0.75, 0.75]] as const) {
      expect(Math.max(...sums(crossfadeCurves({ outPeak: o, inPeak: p }), o, p))).toBeLessThanOrEqual(1 + 1e-6);
    }
  });
});

describe('the setting', () => {
  it('offers off and 2 to 12 s in steps of 2, off by default', () => {
    expect(CROSSFADE.CHOICES_S).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(CROSSFADE.DEFAULT_S).toBe(0);
    expect(isCrossfadeS(6)).toBe(true);
    expect(isCrossfadeS(5)).toBe(false);
    expect(isCrossfadeS('6')).toBe(false);
  });
});
