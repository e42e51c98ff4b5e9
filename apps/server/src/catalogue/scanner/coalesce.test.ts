import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from './coalesce.js';

describe('createCoalescer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function setup() {
    const runs: { resolve: () => void }[] = [];
    let current: Promise<void> | null = null;
    const c = createCoalescer({
      quietMs: 100,
      maxWaitMs: 1_000,
      now: () => Date.now(),
      running: () => current,
      run: () => {
        current = new Promise<void>((resolve) => runs.push({ resolve })).finally(() => (current = null));
        return current;
      },
    });
    return { c, runs };
  }

  it('runs once after a burst of events has been quiet', async () => {
    const { c, runs } = setup();
    for (let i = 0; i < 10; i++) {
      c.poke();
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toHaveLength(1);
  });

  it('runs a steady stream of events no later than the maximum wait', async () => {
    const { c, runs } = setup();
    for (let t = 0; t < 1_000; t += 50) {
      c.poke();
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(runs).toHaveLength(1);
  });

  it('queues exactly one more run for events during a run', async () => {
    const { c, runs } = setup();
    c.poke();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      c.poke();
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(runs).toHaveLength(1);
    runs[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    runs[1]!.resolve();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(2);
  });

  it('does nothing once cancelled', async () => {
    const { c, runs } = setup();
    c.poke();
    c.cancel();
    c.poke();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toHaveLength(0);
  });
});
