import { describe, expect, it } from 'vitest';
import { timed, type PhaseTimes } from './scan-phases.js';

describe('scan phase times', () => {
  it('adds each run of a step to its total and passes the result through', async () => {
    const times: PhaseTimes = {};
    expect(await timed(times, 'write', async () => 'written')).toBe('written');
    const first = times.write!;
    await timed(times, 'write', async () => {
      for (let t0 = performance.now(); performance.now() === t0; );
    });
    expect(times.write!).toBeGreaterThanOrEqual(first);
    expect(Object.keys(times)).toEqual(['write']);
  });

  it('counts a step that failed, and lets the error through', async () => {
    const times: PhaseTimes = {};
    await expect(timed(times, 'read', () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(times.read).toBeGreaterThanOrEqual(0);
  });
});
