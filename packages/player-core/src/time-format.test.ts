import { describe, expect, it } from 'vitest';
import { formatTime, fromPercent, toPercent } from './time-format.js';

describe('time display (SPEC#player-full-screen-blurred)', () => {
  it('formats m:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(9.9)).toBe('0:09');
    expect(formatTime(61)).toBe('1:01');
    expect(formatTime(3600 + 5)).toBe('60:05');
  });

  it('shows 0:00 when the time is unknown', () => {
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(undefined)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });

  it('converts between position and slider percent', () => {
    expect(toPercent(30, 120)).toBe(25);
    expect(toPercent(30, Number.NaN)).toBe(0);
    expect(toPercent(500, 120)).toBe(100);
    expect(fromPercent(50, 200)).toBe(100);
    expect(fromPercent(50, 0)).toBe(0);
    expect(fromPercent(150, 200)).toBe(200);
  });
});
