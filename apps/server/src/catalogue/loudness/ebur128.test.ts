import { describe, expect, it } from 'vitest';
import { albumLufs, gainFor, gainFromR128, parseEbur128Summary } from './ebur128.js';

const SUMMARY = `[Parsed_ebur128_0 @ 0x5646e5e3ad00] Summary:

  Integrated loudness:
    I:         -17.1 LUFS
    Threshold: -27.4 LUFS

  Loudness range:
    LRA:         2.8 LU
    Threshold: -37.4 LUFS
    LRA low:   -18.8 LUFS
    LRA high:  -16.0 LUFS

  True peak:
    Peak:       -1.0 dBFS
`;

describe('ebur128 summary', () => {
  it('reads integrated loudness and true peak (linear)', () => {
    expect(parseEbur128Summary('frames...\n' + SUMMARY)).toEqual({ lufs: -17.1, peak: 0.891251 });
  });

  it('treats silence as unmeasurable, and no summary as a failure', () => {
    const silent = SUMMARY.replace('-17.1 LUFS', '-70.0 LUFS').replace('-1.0 dBFS', '-inf dBFS');
    expect(parseEbur128Summary(silent)).toEqual({ lufs: null, peak: null });
    expect(parseEbur128Summary('Conversion failed!')).toBeNull();
  });
});

describe('ReplayGain 2 arithmetic', () => {
  it('gain is -18 LUFS minus the loudness', () => {
    expect(gainFor(-17.1)).toBe(-0.9);
    expect(gainFor(-9)).toBe(-9);
    expect(gainFor(-23)).toBe(5);
  });

  it('an Opus R128 gain (Q7.8 dB to -23 LUFS) is 5 dB less than the ReplayGain gain', () => {
    expect(gainFromR128('-512')).toBe(3);
    expect(gainFromR128('0')).toBe(5);
    expect(gainFromR128('+384')).toBe(6.5);
    expect(gainFromR128('-1')).toBe(5); // 1/256 dB, below the two decimals kept
    expect(gainFromR128('-32768')).toBe(-123);
    expect(gainFromR128(' 256 ')).toBe(6);
    for (const bad of ['', '-2 dB', '-2.5', '32768', '-32769', 'abc', '0x10']) expect(gainFromR128(bad)).toBeNull();
  });

  it('an album is the energy mean of its tracks, weighted by length', () => {
    expect(albumLufs([{ lufs: -10, durationS: 100 }, { lufs: -10, durationS: 300 }])).toBeCloseTo(-10, 6);
    // A loud track dominates: energy, not the plain mean (-15).
    expect(albumLufs([{ lufs: -10, durationS: 100 }, { lufs: -20, durationS: 100 }])).toBeCloseTo(-12.6, 1);
    expect(albumLufs([])).toBeNull();
  });
});
