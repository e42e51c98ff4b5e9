import { describe, expect, it } from 'vitest';
import { createScrollPace, SETTLE_MS } from './scroll-pace.js';

/** A pace over a 900 px screen (fast: more than 1,800 px/s) with timers run by hand. */
function pace() {
  const timers: { fn: () => void; at: number }[] = [];
  let clock = 0;
  const p = createScrollPace(
    () => 900,
    (fn, ms) => {
      const timer = { fn, at: clock + ms };
      timers.push(timer);
      return () => {
        const i = timers.indexOf(timer);
        if (i >= 0) timers.splice(i, 1);
      };
    },
  );
  let changes = 0;
  p.subscribe(() => changes++);
  return {
    p,
    changes: () => changes,
    /** Scrolls at a steady `pxPerS` from `y` for `ms`, a move per 16 ms frame; answers where it ends. */
    scroll(y: number, pxPerS: number, ms: number) {
      for (let t = 16; t <= ms; t += 16) {
        clock += 16;
        p.moved(y + (pxPerS * t) / 1000, clock);
      }
      return y + (pxPerS * Math.floor(ms / 16) * 16) / 1000;
    },
    /** Lets `ms` pass with no move, running the timers due. */
    wait(ms: number) {
      clock += ms;
      for (const t of timers.filter((t) => t.at <= clock)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
    move(y: number) {
      clock += 16;
      p.moved(y, clock);
    },
  };
}

describe('scroll pace', () => {
  it('is settled at rest and while the page moves up to two screens a second, either way', () => {
    const s = pace();
    s.move(0);
    expect(s.p.fast()).toBe(false);
    const y = s.scroll(0, 1_700, 1_000);
    expect(s.p.fast()).toBe(false);
    s.scroll(y, -1_700, 1_000);
    expect(s.p.fast()).toBe(false);
    expect(s.changes()).toBe(0);
  });

  it('is fast while the page flies, in either direction, and settles when it slows down', () => {
    const s = pace();
    s.move(0);
    let y = s.scroll(0, 4_000, 500);
    expect(s.p.fast()).toBe(true);
    // Slowing to a screen a second: settled within the next tenth of a second of moves.
    y = s.scroll(y, 900, 160);
    expect(s.p.fast()).toBe(false);
    expect(s.changes()).toBe(2);
    s.wait(SETTLE_MS);
    y = s.scroll(y, -4_000, 300);
    expect(s.p.fast()).toBe(true);
    s.scroll(y, -900, 160);
    expect(s.p.fast()).toBe(false);
    expect(s.changes()).toBe(4);
  });

  it(`settles ${SETTLE_MS} ms after the last move of a fling, not before`, () => {
    const s = pace();
    s.move(0);
    s.scroll(0, 6_000, 300);
    s.wait(SETTLE_MS - 1);
    expect(s.p.fast()).toBe(true);
    s.wait(1);
    expect(s.p.fast()).toBe(false);
  });

  it('counts a jump after a pause (the letter rail, Page Down) as fast until it settles', () => {
    const s = pace();
    s.move(0);
    s.wait(5_000);
    s.move(800);
    expect(s.p.fast()).toBe(true);
    s.wait(SETTLE_MS);
    expect(s.p.fast()).toBe(false);
    // A small step after a pause is not.
    s.wait(5_000);
    s.move(820);
    expect(s.p.fast()).toBe(false);
  });

  it('measures nothing from its first position alone', () => {
    const s = pace();
    s.move(50_000);
    expect(s.p.fast()).toBe(false);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const s = pace();
    let told = 0;
    const unsubscribe = s.p.subscribe(() => told++);
    s.move(0);
    s.scroll(0, 5_000, 200);
    unsubscribe();
    s.wait(SETTLE_MS);
    expect(told).toBe(1);
    expect(s.changes()).toBe(2);
  });
});
