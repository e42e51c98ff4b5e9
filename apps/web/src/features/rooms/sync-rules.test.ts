import { describe, expect, it } from 'vitest';
import { MAX_NUDGE, nextLead, rateFor, SEEK_OVER_MS, syncStep, target, type LocalPlayback, type RoomTimeline } from './sync-rules.js';

const a = { $id: 'e1', songId: 's1', durationMs: 10_000 };
const b = { $id: 'e2', songId: 's2', durationMs: 20_000 };
const room = (startedAt: number | null, pausedMs: number | null = null): RoomTimeline => ({ queue: [a, b], current: { entryId: 'e1', startedAt, pausedMs } });
const local = (songId: string | null, positionMs: number, playing = true, busy = false): LocalPlayback => ({ songId, positionMs, playing, busy });

describe('room sync', () => {
  it('works out the song and position on the shared clock, moving on to the next song without a gap', () => {
    expect(target(room(1_000), 4_000)).toEqual({ entry: a, positionMs: 3_000, playing: true });
    expect(target(room(1_000), 12_500)).toEqual({ entry: b, positionMs: 1_500, playing: true });
    expect(target(room(1_000), 31_000)).toBeNull();
    expect(target(room(null, 2_500), 99_000)).toEqual({ entry: a, positionMs: 2_500, playing: false });
    expect(target({ queue: [], current: null }, 0)).toBeNull();
  });

  it('a device joining loads the song at the room position, ahead by what a load takes to be heard', () => {
    expect(syncStep(target(room(0), 5_000), local(null, 0, false), 120)).toEqual({ action: 'load', songId: 's1', positionMs: 5_120, playing: true });
    expect(syncStep(target(room(0), 12_000), local('s1', 9_990), 0)).toEqual({ action: 'load', songId: 's2', positionMs: 2_000, playing: true });
  });

  it('seeks when off by more than 200 ms (a stalled device catches up alone); nudges the rate within it', () => {
    const t = target(room(0), 5_000);
    expect(syncStep(t, local('s1', 5_000 - SEEK_OVER_MS - 1), 50)).toEqual({ action: 'seek', positionMs: 5_050, rate: 1 });
    expect(syncStep(t, local('s1', 5_000 + 150))).toEqual({ action: 'rate', rate: 1 - MAX_NUDGE });
    expect(syncStep(t, local('s1', 5_000 - 10))).toEqual({ action: 'rate', rate: 1.01 });
    expect(syncStep(t, local('s1', 5_003))).toEqual({ action: 'rate', rate: 1 });
    // Paused here while the room plays: it plays from the room's position.
    expect(syncStep(t, local('s1', 5_000, false))).toMatchObject({ action: 'seek' });
    // Loading or seeking: wait for it.
    expect(syncStep(t, local('s1', 0, true, true))).toEqual({ action: 'none', rate: 1 });
  });

  it('pauses at the room position while the host paused; stops when nothing plays', () => {
    expect(syncStep(target(room(null, 2_500), 0), local('s1', 4_000))).toEqual({ action: 'pause', positionMs: 2_500 });
    expect(syncStep(target(room(null, 2_500), 0), local('s1', 2_550, false))).toEqual({ action: 'none', rate: 1 });
    expect(syncStep(null, local('s1', 4_000))).toEqual({ action: 'stop' });
    expect(syncStep(null, local('s1', 4_000, false))).toEqual({ action: 'none', rate: 1 });
  });

  it('the rate nudge grows with the drift and stays within ±2 %', () => {
    expect(rateFor(5)).toBe(1);
    expect(rateFor(-20)).toBe(1.02);
    expect(rateFor(20)).toBe(0.98);
    expect(rateFor(-1_000)).toBe(1 + MAX_NUDGE);
  });

  it('learns how late seeks are heard', () => {
    expect(nextLead(0, 100)).toBe(50);
    expect(nextLead(50, -40)).toBe(30);
    expect(nextLead(900, 900)).toBe(1_000);
    expect(nextLead(10, -100)).toBe(0);
  });
});
