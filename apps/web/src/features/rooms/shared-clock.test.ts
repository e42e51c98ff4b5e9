import { describe, expect, it } from 'vitest';
import { addReading, BEST_SAMPLES, KEPT_SAMPLES, NO_CLOCK, sampleOf, serverNow, type ClockReading } from './shared-clock.js';

/** A reading of a server `offset` ahead, `there` and `back` ms each way, answered in `work` ms. */
const reading = (t0: number, offset: number, there: number, back: number, work = 0): ClockReading => ({
  t0,
  received: t0 + there + offset,
  sent: t0 + there + work + offset,
  t1: t0 + there + work + back,
});

describe('shared clock', () => {
  it('a symmetric round trip gives the offset exactly, less the time the server spent answering', () => {
    expect(sampleOf(reading(1_000, 250, 20, 20, 5))).toEqual({ offsetMs: 250, rttMs: 40, at: 1_045 });
    expect(sampleOf(reading(1_000, -3_600_000, 7, 7))?.offsetMs).toBe(-3_600_000);
  });

  it('an asymmetric trip is off by half the difference, never more than half the round trip', () => {
    const s = sampleOf(reading(0, 100, 10, 90))!;
    expect(s.offsetMs).toBe(100 - 40);
    expect(Math.abs(s.offsetMs - 100)).toBeLessThanOrEqual(s.rttMs / 2);
  });

  it('drops readings that went back in time or took too long', () => {
    expect(sampleOf({ t0: 10, t1: 5, received: 0, sent: 0 })).toBeNull();
    expect(sampleOf(reading(0, 0, 1_500, 1_500))).toBeNull();
    expect(addReading(NO_CLOCK, reading(0, 0, 1_500, 1_500))).toBe(NO_CLOCK);
  });

  it('keeps the fastest readings: slow ones with skewed trips do not move the offset', () => {
    let clock = NO_CLOCK;
    for (let i = 0; i < 6; i++) clock = addReading(clock, reading(i * 1_000, 500, 5, 5 + (i % 2)));
    for (let i = 0; i < 6; i++) clock = addReading(clock, reading(10_000 + i * 1_000, 500, 300, 20));
    expect(clock.offsetMs).toBeCloseTo(500, 0);
    expect(clock.bestRttMs).toBe(10);
    expect(clock.samples.length).toBeLessThanOrEqual(KEPT_SAMPLES);
    expect(BEST_SAMPLES).toBeLessThan(KEPT_SAMPLES);
  });

  it('follows a clock that changed once the old readings are past', () => {
    let clock = NO_CLOCK;
    for (let i = 0; i < KEPT_SAMPLES; i++) clock = addReading(clock, reading(i, 0, 5, 5));
    for (let i = 0; i < KEPT_SAMPLES; i++) clock = addReading(clock, reading(100 + i, 2_000, 8, 8));
    expect(clock.offsetMs).toBe(2_000);
  });

  it('reads the server clock from this one', () => {
    expect(serverNow(NO_CLOCK, 1_000)).toBe(1_000);
    expect(serverNow(addReading(NO_CLOCK, reading(0, -250, 4, 4)), 1_000)).toBe(750);
  });
});
