/**
 * The app's clock (`Deps.now`) for tests that need time to pass: real time
 * plus an offset the test moves forward. Timestamps stay realistic and ids
 * (time-ordered) stay unique, and nothing sleeps.
 */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
  /** Back to real time. */
  reset(): void;
}

export function createTestClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    advance: (ms) => void (offsetMs += ms),
    reset: () => void (offsetMs = 0),
  };
}
