import { describe, expect, it } from 'vitest';
import { createListenTracker, listenThresholdS } from './listen-count.js';

/** Samples every `stepS` from `fromS` to `toS`; how many times the play counted. */
function listen(t: ReturnType<typeof createListenTracker>, id: string, fromS: number, toS: number, durationS: number, stepS = 0.25, playing = true) {
  let counts = 0;
  for (let s = fromS; s <= toS + 1e-9; s += stepS) if (t.sample(id, s, durationS, playing)) counts++;
  return counts;
}

describe('listenThresholdS', () => {
  it('is half the song, at most 4 minutes; 4 minutes when the length is unknown', () => {
    expect(listenThresholdS(180)).toBe(90);
    expect(listenThresholdS(480)).toBe(240);
    expect(listenThresholdS(600)).toBe(240);
    expect(listenThresholdS(0)).toBe(240);
    expect(listenThresholdS(Number.NaN)).toBe(240);
  });
});

describe('createListenTracker', () => {
  it('counts once, when half a short song has been heard', () => {
    const t = createListenTracker();
    expect(listen(t, 'a', 0, 89, 180)).toBe(0);
    expect(listen(t, 'a', 89.25, 180, 180)).toBe(1);
  });

  it('counts a long song after 4 minutes', () => {
    const t = createListenTracker();
    expect(listen(t, 'a', 0, 239.5, 600)).toBe(0);
    expect(listen(t, 'a', 239.75, 260, 600)).toBe(1);
  });

  it('a seek past the middle is not listening', () => {
    const t = createListenTracker();
    expect(listen(t, 'a', 0, 10, 180)).toBe(0);
    expect(listen(t, 'a', 150, 180, 180)).toBe(0);
  });

  it('paused samples add nothing', () => {
    const t = createListenTracker();
    expect(listen(t, 'a', 0, 150, 180, 0.25, false)).toBe(0);
  });

  it('a new song starts afresh; the same song again after its end counts again', () => {
    const t = createListenTracker();
    expect(listen(t, 'a', 0, 100, 180)).toBe(1);
    expect(listen(t, 'b', 0, 40, 180)).toBe(0);
    expect(listen(t, 'b', 40.25, 100, 180)).toBe(1);
    expect(listen(t, 'b', 100.25, 180, 180)).toBe(0);
    expect(listen(t, 'b', 0, 100, 180)).toBe(1);
  });
});
