import { describe, expect, it } from 'vitest';
import { add, hostGone, HOST_GONE_MS, idle, pause, play, positionAt, remove, seek, settle, skip, type Timeline } from './room-rules.js';

const a = { id: 'a', durationMs: 10_000 };
const b = { id: 'b', durationMs: 20_000 };
const c = { id: 'c', durationMs: 5_000 };
const playing = (startedAt: number): Timeline => ({ entries: [a, b, c], currentId: 'a', startedAt, pausedMs: null });

describe('room timeline', () => {
  it('a song added to an idle room plays at once; later ones queue behind it', () => {
    const t1 = add(idle([]), a, 1_000);
    expect(t1).toEqual({ entries: [a], currentId: 'a', startedAt: 1_000, pausedMs: null });
    const t2 = add(t1, b, 3_000);
    expect(t2.currentId).toBe('a');
    expect(t2.entries.map((e) => e.id)).toEqual(['a', 'b']);
    expect(positionAt(t2, 4_000)).toEqual({ entryId: 'a', positionMs: 3_000, playing: true });
  });

  it('moves on without a gap: the next song starts where the last one ends', () => {
    const t = playing(0);
    expect(settle(t, 9_999).currentId).toBe('a');
    expect(settle(t, 10_000)).toMatchObject({ currentId: 'b', startedAt: 10_000 });
    expect(positionAt(t, 31_000)).toEqual({ entryId: 'c', positionMs: 1_000, playing: true });
    expect(positionAt(t, 35_000)).toBeNull();
    expect(settle(t, 35_000)).toEqual(idle([a, b, c]));
  });

  it('a song added after the queue played through plays at once', () => {
    const done = settle(playing(0), 60_000);
    const d = { id: 'd', durationMs: 1_000 };
    expect(add(done, d, 60_000)).toMatchObject({ currentId: 'd', startedAt: 60_000 });
  });

  it('pauses, resumes and seeks: the position holds while paused and moves on from it after', () => {
    const p = pause(playing(0), 4_000);
    expect(positionAt(p, 50_000)).toEqual({ entryId: 'a', positionMs: 4_000, playing: false });
    const r = play(p, 50_000);
    expect(positionAt(r, 51_000)).toEqual({ entryId: 'a', positionMs: 5_000, playing: true });
    expect(positionAt(seek(r, 9_000, 51_000), 51_500)).toEqual({ entryId: 'a', positionMs: 9_500, playing: true });
    expect(positionAt(seek(p, 99_000, 50_000), 60_000)).toEqual({ entryId: 'a', positionMs: 10_000, playing: false });
  });

  it('skip starts the next song now; after the last, nothing plays', () => {
    expect(skip(playing(0), 2_000)).toMatchObject({ currentId: 'b', startedAt: 2_000 });
    expect(skip({ ...playing(0), currentId: 'c' }, 2_000)).toEqual(idle([a, b, c]));
  });

  it('removing the current song skips it; removing another keeps the current one where it is', () => {
    const r1 = remove(playing(0), 'a', 3_000);
    expect(r1).toMatchObject({ currentId: 'b', startedAt: 3_000 });
    expect(r1.entries.map((e) => e.id)).toEqual(['b', 'c']);
    const r2 = remove(playing(0), 'c', 3_000);
    expect(r2).toMatchObject({ currentId: 'a', startedAt: 0 });
    expect(r2.entries.map((e) => e.id)).toEqual(['a', 'b']);
    expect(remove(playing(0), 'nope', 3_000).entries).toHaveLength(3);
  });

  it('play after the queue played through starts it again from its first song', () => {
    expect(play(settle(playing(0), 99_000), 99_000)).toMatchObject({ currentId: 'a', startedAt: 99_000 });
  });

  it('a host gone 10 minutes ends the room', () => {
    expect(hostGone(0, HOST_GONE_MS - 1)).toBe(false);
    expect(hostGone(0, HOST_GONE_MS)).toBe(true);
  });
});
