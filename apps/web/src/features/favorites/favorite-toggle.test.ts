import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddOutcome, RemoveOutcome } from './favorites-api.js';
import { createFavoriteToggler, type ToggleDeps, type ToggleNotice } from './favorite-toggle.js';

/** A toggler over a plain set, with server answers the test controls. */
function setup(initial: string[] = []) {
  const shown = new Set(initial);
  const notices: ToggleNotice[] = [];
  const failed: string[] = [];
  const calls: string[] = [];
  let answer: { add: () => Promise<AddOutcome>; remove: () => Promise<RemoveOutcome> } = {
    add: async () => 'added',
    remove: async () => 'removed',
  };
  const deps: ToggleDeps = {
    isFavorite: (id) => shown.has(id),
    show: (id, on) => void (on ? shown.add(id) : shown.delete(id)),
    add: (id) => {
      calls.push(`add ${id}`);
      return answer.add();
    },
    remove: (id) => {
      calls.push(`remove ${id}`);
      return answer.remove();
    },
    markFailed: (kind, id) => void failed.push(`${kind} ${id}`),
    clearFailed: () => {},
    notify: (n) => void notices.push(n),
    schedule: (fn, ms) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    },
    debounceMs: 500,
  };
  return {
    toggler: createFavoriteToggler(deps),
    shown,
    notices,
    failed,
    calls,
    answer: (a: Partial<typeof answer>) => void (answer = { ...answer, ...a }),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('favourite toggle (SPEC#states-favourite-toggle-player)', () => {
  it("flips at once and adds 500 ms after the tap: 'Added to favorites'", async () => {
    const t = setup();
    t.toggler.toggle('s1');
    expect(t.shown.has('s1')).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(t.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls).toEqual(['add s1']);
    expect(t.notices).toEqual(['added']);
    expect(t.toggler.isPending('s1')).toBe(false);
  });

  it("removes a liked song: 'Removed from favorites'", async () => {
    const t = setup(['s1']);
    t.toggler.toggle('s1');
    expect(t.shown.has('s1')).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(t.calls).toEqual(['remove s1']);
    expect(t.notices).toEqual(['removed']);
  });

  it('a double tap inside the debounce sends nothing; taps restart the 500 ms wait', async () => {
    const t = setup();
    t.toggler.toggle('s1');
    await vi.advanceTimersByTimeAsync(300);
    t.toggler.toggle('s1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.calls).toEqual([]);
    expect(t.shown.has('s1')).toBe(false);
    t.toggler.toggle('s1');
    await vi.advanceTimersByTimeAsync(400);
    t.toggler.toggle('s1');
    await vi.advanceTimersByTimeAsync(400);
    t.toggler.toggle('s1');
    await vi.advanceTimersByTimeAsync(499);
    expect(t.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls).toEqual(['add s1']);
  });

  it('one call at a time: a tap during a running add is sent when it ends', async () => {
    const t = setup();
    let finish: (o: AddOutcome) => void = () => {};
    t.answer({ add: () => new Promise<AddOutcome>((r) => (finish = r)) });
    t.toggler.toggle('s1');
    await vi.advanceTimersByTimeAsync(500);
    expect(t.calls).toEqual(['add s1']);
    t.toggler.toggle('s1'); // unlike while the add runs
    await vi.advanceTimersByTimeAsync(500);
    expect(t.calls).toEqual(['add s1']); // guarded: no second call yet
    finish('added');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.calls).toEqual(['add s1', 'remove s1']);
    expect(t.shown.has('s1')).toBe(false);
    expect(t.notices).toEqual(['added', 'removed']);
  });

  it("a 409 from the server means the song is liked already: 'Song is already liked', stays liked", async () => {
    const t = setup();
    t.answer({ add: async () => 'already' });
    t.toggler.toggle('s1');
    await vi.advanceTimersByTimeAsync(500);
    expect(t.notices).toEqual(['already']);
    expect(t.shown.has('s1')).toBe(true);
  });

  it('an unsuccessful result keeps the local state and queues the id in the failed list', async () => {
    const t = setup(['s2']);
    t.answer({ add: async () => 'failed', remove: async () => 'failed' });
    t.toggler.toggle('s1');
    t.toggler.toggle('s2');
    await vi.advanceTimersByTimeAsync(500);
    expect(t.shown.has('s1')).toBe(true);
    expect(t.shown.has('s2')).toBe(false);
    expect(t.failed).toEqual(['add s1', 'remove s2']);
    expect(t.notices).toEqual(['failed', 'failed']);
  });

  it('an exception restores the state before the tap and tells the listener', async () => {
    const t = setup(['s2']);
    t.answer({
      add: async () => {
        throw new Error('unauthorized');
      },
      remove: async () => {
        throw new Error('unauthorized');
      },
    });
    t.toggler.toggle('s1');
    t.toggler.toggle('s2');
    await vi.advanceTimersByTimeAsync(500);
    expect(t.shown.has('s1')).toBe(false);
    expect(t.shown.has('s2')).toBe(true);
    expect(t.notices).toEqual(['error', 'error']);
    expect(t.failed).toEqual([]);
  });

  it('songs are independent: each has its own debounce', async () => {
    const t = setup();
    t.toggler.toggle('a');
    await vi.advanceTimersByTimeAsync(300);
    t.toggler.toggle('b');
    await vi.advanceTimersByTimeAsync(200);
    expect(t.calls).toEqual(['add a']);
    await vi.advanceTimersByTimeAsync(300);
    expect(t.calls).toEqual(['add a', 'add b']);
  });
});
