import { describe, expect, it } from 'vitest';
import { HANDOVER_GRACE_MS, midHandover, queueChange, STEADY_BEFORE_CHANGE_MS, steadyForChange, upNext } from './room-next.js';
import type { RoomTimeline } from './sync-rules.js';

const a = { $id: 'e1', songId: 's1', durationMs: 10_000 };
const b = { $id: 'e2', songId: 's2', durationMs: 20_000 };
const c = { $id: 'e3', songId: 's3', durationMs: 5_000 };
const room = (startedAt: number | null, pausedMs: number | null = null, entryId = 'e1'): RoomTimeline => ({ queue: [a, b, c], current: { entryId, startedAt, pausedMs } });

describe('the room song that follows', () => {
  it('is the next of the queue, starting where the song playing ends on the shared clock', () => {
    expect(upNext(room(1_000), 4_000)).toEqual({ entry: b, startsAt: 11_000 });
    // Past the first song's end, the next one is the third, at the second's end.
    expect(upNext(room(1_000), 12_500)).toEqual({ entry: c, startsAt: 31_000 });
    // Nothing follows the last song; nothing is prepared while the room is paused or over.
    expect(upNext(room(1_000), 32_000)).toBeNull();
    expect(upNext(room(null, 2_000), 4_000)).toBeNull();
    expect(upNext(room(1_000), 40_000)).toBeNull();
  });

  it('a skip restarts the timeline at the skipped-to song: what follows moves with it', () => {
    // The host skipped to the second song at 5 000: its end, not the first's, is when the third starts.
    expect(upNext(room(5_000, null, 'e2'), 6_000)).toEqual({ entry: c, startsAt: 25_000 });
  });
});

describe('a device at the song change', () => {
  it('plays at the normal rate just before a change, so its player puts the next song where the room starts it', () => {
    expect(steadyForChange(room(0), 10_000 - STEADY_BEFORE_CHANGE_MS)).toBe(true);
    expect(steadyForChange(room(0), 10_000 - STEADY_BEFORE_CHANGE_MS - 1)).toBe(false);
    // Nothing follows the last song: its rate is corrected to the end.
    expect(steadyForChange(room(0), 34_000)).toBe(false);
  });

  const playing = (songId: string | null, on = true) => ({ songId, playing: on });

  it('waits for its own hand-over when a little behind or ahead of the change', () => {
    // The room's second song began 100 ms ago; this device still plays the first: its next is about to take over.
    expect(midHandover(room(0), 10_100, playing('s1'))).toBe(true);
    // This device's audio clock ran a little ahead: it plays the second song with 100 ms left of the first.
    expect(midHandover(room(0), 9_900, playing('s2'))).toBe(true);
    // The room moves on by whole seconds: audio 0.45 s shorter or longer than the catalogue says is still a hand-over.
    expect(midHandover(room(0), 9_550, playing('s2'))).toBe(true);
    expect(midHandover(room(0), 10_450, playing('s1'))).toBe(true);
  });

  it('loads as before when further off, on another song, paused, or on the room song already', () => {
    expect(midHandover(room(0), 10_000 + HANDOVER_GRACE_MS, playing('s1'))).toBe(false);
    expect(midHandover(room(0), 10_000 - HANDOVER_GRACE_MS, playing('s2'))).toBe(false);
    expect(midHandover(room(0), 10_100, playing('s3'))).toBe(false);
    expect(midHandover(room(0), 10_100, playing('s1', false))).toBe(false);
    expect(midHandover(room(0), 10_100, playing('s2'))).toBe(false);
    expect(midHandover(room(0), 10_100, playing(null))).toBe(false);
    expect(midHandover(room(null, 0, 'e2'), 10_100, playing('s1'))).toBe(false);
  });
});

describe("the device's queue in a room", () => {
  it('holds the room song and the next, so the player prepares the next ahead', () => {
    expect(queueChange({ ids: ['s1'], currentIndex: 0 }, 's1', 's2')).toEqual(['s1', 's2']);
    expect(queueChange({ ids: ['s1', 's2'], currentIndex: 0 }, 's1', 's2')).toBeNull();
    // After the hand-over the queue moved on: the song after the new one is added.
    expect(queueChange({ ids: ['s1', 's2'], currentIndex: 1 }, 's2', 's3')).toEqual(['s2', 's3']);
  });

  it('drops the prepared song when a skip or a queue change replaced it, or nothing follows any more', () => {
    expect(queueChange({ ids: ['s1', 's2'], currentIndex: 0 }, 's1', 's3')).toEqual(['s1', 's3']);
    expect(queueChange({ ids: ['s1', 's2'], currentIndex: 0 }, 's1', null)).toEqual(['s1']);
    expect(queueChange({ ids: ['s1'], currentIndex: 0 }, 's1', null)).toBeNull();
  });
});
