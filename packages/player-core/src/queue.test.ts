import { describe, expect, it } from 'vitest';
import {
  addToQueue,
  currentItem,
  dropSongs,
  emptyQueue,
  hasNext,
  hasPrevious,
  next,
  previous,
  queueFromListRow,
  removeAt,
  restoreQueue,
  select,
  selectById,
  setQueue,
  type QueueState,
} from './queue.js';

const song = (n: number) => ({ id: `song${String(n).padStart(3, '0')}` });
const songs = (count: number) => Array.from({ length: count }, (_, i) => song(i));
const ids = (s: QueueState<{ id: string }>) => s.queue.map((q) => q.id);

describe('queue rules (SPEC#states-player)', () => {
  it('next moves one step and wraps to the first song at the end', () => {
    const s = setQueue(songs(3), 1);
    expect(next(s).currentIndex).toBe(2);
    expect(next(next(s)).currentIndex).toBe(0);
    expect(currentItem(next(next(s)))).toEqual(song(0));
  });

  it('next on an empty queue changes nothing', () => {
    const s = emptyQueue();
    expect(next(s)).toBe(s);
  });

  it('previous moves back and stops at the first song', () => {
    const s = setQueue(songs(3), 2);
    expect(previous(s).currentIndex).toBe(1);
    const first = setQueue(songs(3), 0);
    expect(previous(first)).toBe(first);
  });

  it('disables next on the last song and previous on the first', () => {
    expect(hasNext(setQueue(songs(3), 2))).toBe(false);
    expect(hasNext(setQueue(songs(3), 1))).toBe(true);
    expect(hasPrevious(setQueue(songs(3), 0))).toBe(false);
    expect(hasPrevious(setQueue(songs(3), 1))).toBe(true);
    expect(hasNext(emptyQueue())).toBe(false);
    expect(hasPrevious(emptyQueue())).toBe(false);
  });

  it('adding to an empty queue makes the song current', () => {
    const s = addToQueue(emptyQueue(), song(7));
    expect(s).toEqual({ queue: [song(7)], currentIndex: 0 });
  });

  it('adding inserts right after the current song', () => {
    const s = addToQueue(setQueue(songs(4), 1), song(9));
    expect(ids(s)).toEqual(['song000', 'song001', 'song009', 'song002', 'song003']);
    expect(s.currentIndex).toBe(1);
  });

  it('adding a song already queued moves it after the current song instead of repeating it', () => {
    const before = addToQueue(setQueue(songs(4), 2), song(0));
    expect(ids(before)).toEqual(['song001', 'song002', 'song000', 'song003']);
    expect(currentItem(before)).toEqual(song(2));
    const after = addToQueue(setQueue(songs(4), 0), song(3));
    expect(ids(after)).toEqual(['song000', 'song003', 'song001', 'song002']);
    expect(after.currentIndex).toBe(0);
  });

  it('adding the current song changes nothing', () => {
    const s = setQueue(songs(3), 1);
    expect(addToQueue(s, song(1))).toBe(s);
  });

  it('trims earlier songs once the current index exceeds 15', () => {
    const s = setQueue(songs(20), 15);
    expect(s.currentIndex).toBe(15);
    expect(s.queue).toHaveLength(20);
    const moved = next(s);
    expect(moved.currentIndex).toBe(0);
    expect(ids(moved)).toEqual(ids(setQueue(songs(20))).slice(16));
    expect(currentItem(moved)).toEqual(song(16));
  });

  it('trims when a selection lands above index 15 and not at 15', () => {
    const s = setQueue(songs(20), 0);
    expect(select(s, 15).queue).toHaveLength(20);
    const far = select(s, 17);
    expect(far.currentIndex).toBe(0);
    expect(far.queue).toHaveLength(3);
    expect(currentItem(far)).toEqual(song(17));
  });

  it('a list row queues the tapped song plus the next 9', () => {
    const list = songs(25);
    const s = queueFromListRow(list, 4);
    expect(s.currentIndex).toBe(0);
    expect(ids(s)).toEqual(list.slice(4, 14).map((x) => x.id));
    expect(s.queue).toHaveLength(10);
    expect(queueFromListRow(list, 22).queue).toHaveLength(3);
    expect(queueFromListRow(list, 25)).toEqual(emptyQueue());
    expect(queueFromListRow(list, -1)).toEqual(emptyQueue());
  });

  it('select makes a song current and ignores indexes outside the queue', () => {
    const s = setQueue(songs(5), 0);
    expect(select(s, 3).currentIndex).toBe(3);
    expect(select(s, 5)).toBe(s);
    expect(select(s, -1)).toBe(s);
    expect(selectById(s, 'song004').currentIndex).toBe(4);
    expect(selectById(s, 'missing')).toBe(s);
  });

  it('removes any song but the current one and keeps the current song current', () => {
    const s = setQueue(songs(5), 2);
    expect(removeAt(s, 2)).toBe(s);
    const before = removeAt(s, 0);
    expect(ids(before)).toEqual(['song001', 'song002', 'song003', 'song004']);
    expect(currentItem(before)).toEqual(song(2));
    const after = removeAt(s, 4);
    expect(after.currentIndex).toBe(2);
    expect(after.queue).toHaveLength(4);
    expect(removeAt(s, 9)).toBe(s);
  });

  describe('songs that left the library', () => {
    const gone = (...n: number[]) => new Set(n.map((i) => song(i).id));

    it('leave the queue wherever they are, and the current song stays current', () => {
      const { state, dropped } = dropSongs(setQueue(songs(5), 2), gone(0, 3, 7));
      expect(ids(state)).toEqual(['song001', 'song002', 'song004']);
      expect(currentItem(state)).toEqual(song(2));
      // In queue order; an id not queued drops nothing.
      expect(dropped).toEqual([song(0), song(3)]);
    });

    it('take the current song out and make the one that followed it current', () => {
      const { state, dropped } = dropSongs(setQueue(songs(4), 1), gone(1));
      expect(ids(state)).toEqual(['song000', 'song002', 'song003']);
      expect(currentItem(state)).toEqual(song(2));
      expect(dropped).toEqual([song(1)]);
      // The next ones gone too: the first song kept after them.
      expect(currentItem(dropSongs(setQueue(songs(5), 1), gone(1, 2, 3)).state)).toEqual(song(4));
    });

    it('wrap to the first song when the current one was the last kept, as next does', () => {
      const { state } = dropSongs(setQueue(songs(4), 3), gone(3));
      expect(ids(state)).toEqual(['song000', 'song001', 'song002']);
      expect(state.currentIndex).toBe(0);
      expect(currentItem(dropSongs(setQueue(songs(4), 2), gone(0, 2, 3)).state)).toEqual(song(1));
    });

    it('keep the current song when it plays from a fully decoded copy, and take the others', () => {
      const { state, dropped } = dropSongs(setQueue(songs(4), 1), gone(1, 2), true);
      expect(ids(state)).toEqual(['song000', 'song001', 'song003']);
      expect(currentItem(state)).toEqual(song(1));
      expect(dropped).toEqual([song(2)]);
    });

    it('empty the queue when every song is gone', () => {
      expect(dropSongs(setQueue(songs(2), 1), gone(0, 1))).toEqual({ state: emptyQueue(), dropped: [song(0), song(1)] });
    });

    it('change nothing when none of them is queued', () => {
      const s = setQueue(songs(3), 1);
      expect(dropSongs(s, gone(8, 9))).toEqual({ state: s, dropped: [] });
      expect(dropSongs(s, gone(8)).state).toBe(s);
      const empty = emptyQueue();
      expect(dropSongs(empty, gone(0)).state).toBe(empty);
    });
  });

  it('setQueue clamps the start index and an empty list gives an empty queue', () => {
    expect(setQueue(songs(3), 8).currentIndex).toBe(2);
    expect(setQueue(songs(3), -4).currentIndex).toBe(0);
    expect(setQueue([], 0)).toEqual({ queue: [], currentIndex: -1 });
  });

  it('restores a stored queue at the stored current id, or the first song', () => {
    expect(restoreQueue(songs(4), 'song002').currentIndex).toBe(2);
    expect(restoreQueue(songs(4), 'gone').currentIndex).toBe(0);
    expect(restoreQueue(songs(4), null).currentIndex).toBe(0);
    expect(restoreQueue([], 'song002')).toEqual(emptyQueue());
  });

  it('never mutates the state it is given', () => {
    const s = setQueue(songs(5), 1);
    const frozen = JSON.stringify(s);
    next(s);
    previous(s);
    addToQueue(s, song(9));
    removeAt(s, 3);
    select(s, 4);
    dropSongs(s, new Set(['song001', 'song003']));
    expect(JSON.stringify(s)).toBe(frozen);
  });
});
