import { describe, expect, it } from 'vitest';
import { DECODED_MAX_NUDGE, GAPLESS, agreedEndS, decodable, decodedPositionS, decodedRate, elementLengthS, followingItem, gaplessStep, handoverAtS, remainingS } from './gapless.js';

const q = (ids: string[], currentIndex: number) => ({ queue: ids.map((id) => ({ id })), currentIndex });

describe('followingItem', () => {
  it('is the next song in the queue, wrapping to the first after the last', () => {
    expect(followingItem(q(['a', 'b', 'c'], 0))?.id).toBe('b');
    expect(followingItem(q(['a', 'b', 'c'], 2))?.id).toBe('a');
  });
  it('is nothing for an empty queue or a song that would follow itself', () => {
    expect(followingItem(q([], -1))).toBeUndefined();
    expect(followingItem(q(['a'], 0))).toBeUndefined();
  });
});

describe('gaplessStep', () => {
  const at = (positionS: number, decoded: boolean, playing = true, durationS = 200) => gaplessStep({ playing, positionS, durationS, decoded });
  it('prefetches within 30 s of the end, and schedules within 1.5 s once decoded', () => {
    expect(at(169, false)).toBe('wait');
    expect(at(170, false)).toBe('prefetch');
    expect(at(198, true)).toBe('wait');
    expect(at(198.5, true)).toBe('schedule');
    expect(at(199.9, false)).toBe('prefetch');
  });
  it('a song shorter than the lead prefetches from its start', () => {
    expect(gaplessStep({ playing: true, positionS: 0, durationS: 6, decoded: false })).toBe('prefetch');
  });
  it('with a crossfade, both leads count from where the next song starts', () => {
    const fade = (positionS: number, decoded: boolean) => gaplessStep({ playing: true, positionS, durationS: 200, decoded, overlapS: 4 });
    expect(fade(165, false)).toBe('wait');
    expect(fade(166, false)).toBe('prefetch');
    expect(fade(194, true)).toBe('wait');
    expect(fade(194.5, true)).toBe('schedule');
  });
  it('does not follow on gaplessly from a length that is only the catalogue’s; a crossfade does', () => {
    const step = (overlapS: number) => gaplessStep({ playing: true, positionS: 198.5 - overlapS, durationS: 200, decoded: true, overlapS, lengthExact: false });
    expect(step(0)).toBe('wait');
    expect(step(4)).toBe('schedule');
  });
  it('waits while paused or before the length is known', () => {
    expect(at(199, false, false)).toBe('wait');
    expect(gaplessStep({ playing: true, positionS: 3, durationS: 0, decoded: false })).toBe('wait');
    expect(gaplessStep({ playing: true, positionS: 3, durationS: Number.NaN, decoded: false })).toBe('wait');
  });
});

describe('elementLengthS', () => {
  it('a first transcode still streaming knows only what it has read: the catalogue’s length stands in', () => {
    expect(elementLengthS(6.2, 12)).toEqual({ lengthS: 12, exact: false });
    expect(elementLengthS(Number.NaN, 12)).toEqual({ lengthS: 12, exact: false });
    expect(elementLengthS(Number.POSITIVE_INFINITY, 12)).toEqual({ lengthS: 12, exact: false });
  });
  it('the element’s own length once it reaches the catalogue’s (whole seconds), or when there is none', () => {
    expect(elementLengthS(11.6, 12)).toEqual({ lengthS: 11.6, exact: true });
    expect(elementLengthS(12.4, 12)).toEqual({ lengthS: 12.4, exact: true });
    expect(elementLengthS(3.0237, null)).toEqual({ lengthS: 3.0237, exact: true });
    expect(elementLengthS(3.0237, 0)).toEqual({ lengthS: 3.0237, exact: true });
  });
});

describe('clock arithmetic', () => {
  it('the next song starts where the current one ends on the audio clock', () => {
    expect(handoverAtS({ clockS: 100, positionS: 2.5, durationS: 3.023696 })).toBeCloseTo(100.523696, 9);
    expect(handoverAtS({ clockS: 100, positionS: 4, durationS: 3 })).toBe(100);
  });
  it('a decoded song’s position runs with the clock from its start offset, within its length', () => {
    expect(decodedPositionS({ clockS: 12, startedAtS: 10, offsetS: 5, durationS: 60 })).toBe(7);
    expect(decodedPositionS({ clockS: 9, startedAtS: 10, offsetS: 5, durationS: 60 })).toBe(5);
    expect(decodedPositionS({ clockS: 100, startedAtS: 10, offsetS: 5, durationS: 60 })).toBe(60);
    // A nudged rate: 2 s of the clock play 2.01 s of the song.
    expect(decodedPositionS({ clockS: 12, startedAtS: 10, offsetS: 5, durationS: 60, rate: 1.005 })).toBeCloseTo(7.01, 10);
  });
  it('a decoded song is nudged by at most 0.5 % either way (its pitch moves with its rate)', () => {
    expect(decodedRate(1.02)).toBe(1 + DECODED_MAX_NUDGE);
    expect(decodedRate(0.98)).toBe(1 - DECODED_MAX_NUDGE);
    expect(decodedRate(1.003)).toBe(1.003);
    expect(decodedRate(Number.NaN)).toBe(1);
  });
  it('remainingS is 0 for an unknown length', () => {
    expect(remainingS(1, 0)).toBe(0);
    expect(remainingS(1, Number.POSITIVE_INFINITY)).toBe(0);
    expect(remainingS(1, 3)).toBe(2);
  });
  it('songs over ten minutes are not decoded ahead', () => {
    expect(decodable(GAPLESS.MAX_DECODED_S)).toBe(true);
    expect(decodable(GAPLESS.MAX_DECODED_S + 1)).toBe(false);
    expect(decodable(null)).toBe(true);
  });
});

describe('agreedEndS', () => {
  it('is the median of the latest three readings that agree', () => {
    expect(agreedEndS([10.5, 10.5029, 10.5], 1)).toBe(10.5);
    expect(agreedEndS([10.5, 10.5], 1)).toBeNull();
  });
  it('forgets readings from before a seek', () => {
    expect(agreedEndS([50, 50, 50, 10.5, 10.5029], 1)).toBeNull();
    expect(agreedEndS([50, 50, 50, 10.5, 10.5029, 10.5], 1)).toBe(10.5);
  });
  it('takes the newest alone close to the end, and nothing without readings', () => {
    expect(agreedEndS([50, 10.5029], 0.2)).toBe(10.5029);
    expect(agreedEndS([], 0.2)).toBeNull();
  });
  it('before a crossfade, takes the first reading, then the median of those within a quarter second of the newest', () => {
    expect(agreedEndS([10.5], 1, true)).toBe(10.5);
    expect(agreedEndS([10.4, 10.6, 10.5], 1, true)).toBe(10.5);
    // A seek between: only the readings of the newest play count.
    expect(agreedEndS([50, 50, 10.5], 1, true)).toBe(10.5);
    expect(agreedEndS([], 1, true)).toBeNull();
  });
});
