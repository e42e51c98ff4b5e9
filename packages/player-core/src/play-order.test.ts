import { describe, expect, it } from 'vitest';
import { afterSongEnds, followingOnEnd, nextRepeatMode, shuffleQueue, unshuffleQueue } from './play-order.js';
import { addToQueue, setQueue, type QueueState } from './queue.js';

const q = (ids: string[], currentIndex: number): QueueState<{ id: string }> => ({ queue: ids.map((id) => ({ id })), currentIndex });
const ids = (s: QueueState<{ id: string }>) => s.queue.map((x) => x.id);
const current = (s: QueueState<{ id: string }>) => s.queue[s.currentIndex]?.id;
/** A fixed sequence of "random" numbers, for a shuffle whose result is known. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('repeat', () => {
  it('the button cycles all, one, off, then all again', () => {
    expect(nextRepeatMode('all')).toBe('one');
    expect(nextRepeatMode('one')).toBe('off');
    expect(nextRepeatMode('off')).toBe('all');
  });

  it('repeat all (the default): the next song follows, and the first one after the last (SPEC#states-player wraps)', () => {
    const mid = afterSongEnds(q(['a', 'b', 'c'], 1), 'all');
    expect([current(mid.state), mid.play]).toEqual(['c', true]);
    const end = afterSongEnds(q(['a', 'b', 'c'], 2), 'all');
    expect([current(end.state), end.play]).toEqual(['a', true]);
    expect(followingOnEnd(q(['a', 'b', 'c'], 2))?.id).toBe('a');
  });

  it('repeat one: the song that ended plays again, and nothing else follows it', () => {
    const s = q(['a', 'b', 'c'], 1);
    const after = afterSongEnds(s, 'one');
    expect(after.state).toBe(s);
    expect(after.play).toBe(true);
    expect(followingOnEnd(s, 'one')).toBeUndefined();
  });

  it('repeat off: songs follow until the last, after which the first is current again and playback stops', () => {
    const mid = afterSongEnds(q(['a', 'b', 'c'], 0), 'off');
    expect([current(mid.state), mid.play]).toEqual(['b', true]);
    expect(followingOnEnd(q(['a', 'b', 'c'], 0), 'off')?.id).toBe('b');
    const end = afterSongEnds(q(['a', 'b', 'c'], 2), 'off');
    expect([current(end.state), end.play]).toEqual(['a', false]);
    expect(ids(end.state)).toEqual(['a', 'b', 'c']);
    expect(followingOnEnd(q(['a', 'b', 'c'], 2), 'off')).toBeUndefined();
  });

  it('a one-song queue: repeat all and one play it again, repeat off stops', () => {
    expect(afterSongEnds(q(['a'], 0), 'all').play).toBe(true);
    expect(afterSongEnds(q(['a'], 0), 'one').play).toBe(true);
    expect(afterSongEnds(q(['a'], 0), 'off').play).toBe(false);
    expect(followingOnEnd(q(['a'], 0), 'all')).toBeUndefined();
  });

  it('an empty queue: nothing plays', () => {
    expect(afterSongEnds(q([], -1), 'all').play).toBe(false);
  });
});

describe('shuffle', () => {
  it('the current song stays current, first, and the others follow in a random order', () => {
    const s = shuffleQueue(q(['a', 'b', 'c', 'd'], 2), sequence(0));
    expect(current(s)).toBe('c');
    expect(s.currentIndex).toBe(0);
    // Fisher-Yates with random() = 0 over [a, b, d]: b d a.
    expect(ids(s)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('under shuffle the next song is the next of the shuffled queue, and it wraps as repeat all says', () => {
    const s = shuffleQueue(q(['a', 'b', 'c', 'd'], 0), sequence(0));
    expect(ids(s)).toEqual(['a', 'c', 'd', 'b']);
    expect(current(afterSongEnds(s, 'all').state)).toBe('c');
    expect(current(afterSongEnds({ ...s, currentIndex: 3 }, 'all').state)).toBe('a');
  });

  it('keeps every song exactly once', () => {
    const s = shuffleQueue(setQueue(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id })), 3));
    expect([...ids(s)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('an empty queue stays as it is', () => {
    const s = q([], -1);
    expect(shuffleQueue(s)).toBe(s);
  });

  it('shuffle off puts the order back, with the song playing now still current', () => {
    const order = ['a', 'b', 'c', 'd'];
    const shuffled = shuffleQueue(q(order, 0), sequence(0.9, 0.1));
    const playingD = { ...shuffled, currentIndex: shuffled.queue.findIndex((x) => x.id === 'd') };
    const back = unshuffleQueue(playingD, order);
    expect(ids(back)).toEqual(order);
    expect(current(back)).toBe('d');
  });

  it('shuffle off: a song added while shuffled follows the current one; a removed one stays out', () => {
    const order = ['a', 'b', 'c', 'd'];
    const shuffled = shuffleQueue(q(order, 1), sequence(0));
    const withNew = addToQueue({ ...shuffled, queue: shuffled.queue.filter((x) => x.id !== 'd') }, { id: 'x' });
    const back = unshuffleQueue(withNew, order);
    expect(ids(back)).toEqual(['a', 'b', 'x', 'c']);
    expect(current(back)).toBe('b');
  });
});
