import { describe, expect, it } from 'vitest';
import { isLoudnessMode, normalisationGain, normalisedPeak, playingAlbumInOrder } from './loudness.js';

const song = (album: string, trackGain: number, albumGain: number | null, trackPeak = 0.5, albumPeak: number | null = 0.5) => ({
  album: { id: album },
  replayGain: { trackGain, trackPeak, albumGain, albumPeak },
});

describe('normalisationGain', () => {
  const loud = song('a1', -6, -4);
  it('off, or no figure: unity', () => {
    expect(normalisationGain(loud, 'off', true)).toBe(1);
    expect(normalisationGain({ album: { id: 'x' } }, 'track', false)).toBe(1);
    expect(normalisationGain(undefined, 'auto', false)).toBe(1);
  });

  it('track mode uses the track gain, album mode the album gain', () => {
    expect(normalisationGain(loud, 'track', true)).toBe(0.5012);
    expect(normalisationGain(loud, 'album', false)).toBe(0.631);
  });

  it('auto: album gain only while an album plays in order', () => {
    expect(normalisationGain(loud, 'auto', true)).toBe(0.631);
    expect(normalisationGain(loud, 'auto', false)).toBe(0.5012);
  });

  it('album mode without an album figure falls back to the track gain', () => {
    expect(normalisationGain(song('a', -3, null), 'album', true)).toBe(0.7079);
  });

  it('never lifts a peak past full scale', () => {
    // +10 dB would be x3.16; a peak of 0.5 allows x2 at most.
    expect(normalisationGain(song('a', 10, null, 0.5), 'track', false)).toBe(2);
    expect(normalisationGain(song('a', 10, null, 0.9), 'track', false)).toBe(1.1111);
    // Without a peak figure the gain stands.
    expect(normalisationGain({ replayGain: { trackGain: 6, trackPeak: null, albumGain: null, albumPeak: null } }, 'track', false)).toBe(1.9953);
  });
});

describe('normalisedPeak', () => {
  it('is the peak the chosen gain leads to, at most full scale', () => {
    // -6 dB (x0.5012) on a peak of 0.5; album -4 dB (x0.631) on 0.5.
    expect(normalisedPeak(song('a', -6, -4), 'track', false)).toBeCloseTo(0.2506, 4);
    expect(normalisedPeak(song('a', -6, -4), 'album', false)).toBeCloseTo(0.3155, 4);
    // Lifted as far as the peak allows: full scale.
    expect(normalisedPeak(song('a', 10, null, 0.5), 'track', false)).toBe(1);
  });
  it('off plays the song as it is: its own peak, else full scale', () => {
    expect(normalisedPeak(song('a', -6, -4, 0.8), 'off', false)).toBe(0.8);
    expect(normalisedPeak({ album: { id: 'a' } }, 'auto', false)).toBe(1);
    expect(normalisedPeak({ replayGain: { trackGain: -6, trackPeak: null, albumGain: null, albumPeak: null } }, 'track', false)).toBeCloseTo(0.5012, 4);
  });
});

describe('playingAlbumInOrder', () => {
  it('is true between songs of the same album, false for a mixed queue', () => {
    const q = [{ album: { id: 'a' } }, { album: { id: 'a' } }, { album: { id: 'b' } }, { album: { id: 'c' } }, { album: null }];
    expect(playingAlbumInOrder(q, 0)).toBe(true);
    expect(playingAlbumInOrder(q, 1)).toBe(true);
    expect(playingAlbumInOrder(q, 2)).toBe(false);
    expect(playingAlbumInOrder(q, 4)).toBe(false);
  });

  it('reads the mode names', () => {
    expect(isLoudnessMode('auto')).toBe(true);
    expect(isLoudnessMode('loud')).toBe(false);
  });
});
