import { shuffled } from './collection-play.js';
import { next, type QueueItem, type QueueState } from './queue.js';

/**
 * Repeat and shuffle. Repeat 'all' is the default and SPEC#states-player's rule: at the
 * end of the queue the first song follows. 'one' plays the current song again
 * when it ends; 'off' stops at the end of the queue (the first song becomes
 * current again, paused). Only a song playing to its end is repeated: the
 * next and previous buttons move through the queue whatever the mode.
 *
 * Shuffle reorders the queue itself: the current song stays current and the
 * others follow in a random order, so "what plays next" is always the next
 * song of the queue (the drawer shows it, gapless playback decodes it ahead).
 * The order from before is kept, to put back when shuffle is turned off.
 */
export type RepeatMode = 'off' | 'all' | 'one';

export const DEFAULT_REPEAT: RepeatMode = 'all';

export const isRepeatMode = (x: unknown): x is RepeatMode => x === 'off' || x === 'all' || x === 'one';

/** The repeat button's cycle: all, then one, then off, then all again. */
export function nextRepeatMode(mode: RepeatMode): RepeatMode {
  return mode === 'all' ? 'one' : mode === 'one' ? 'off' : 'all';
}

/** What happens when the current song plays to its end: the queue after, and whether it plays on. */
export function afterSongEnds<T extends QueueItem>(s: QueueState<T>, repeat: RepeatMode): { state: QueueState<T>; play: boolean } {
  if (s.queue.length === 0) return { state: s, play: false };
  if (repeat === 'one') return { state: s, play: true };
  const atEnd = s.currentIndex >= s.queue.length - 1;
  if (repeat === 'off' && atEnd) return { state: { queue: s.queue, currentIndex: 0 }, play: false };
  return { state: next(s), play: true };
}

/**
 * The song that follows the current one when it ends, under the repeat mode;
 * undefined when none does or it is the same song again (it restarts itself).
 */
export function followingOnEnd<T extends QueueItem>(s: QueueState<T>, repeat: RepeatMode = DEFAULT_REPEAT): T | undefined {
  const current = s.queue[s.currentIndex];
  const { state, play } = afterSongEnds(s, repeat);
  const item = state.queue[state.currentIndex];
  return play && item && current && item.id !== current.id ? item : undefined;
}

/** Shuffle on: the current song first, then every other song of the queue in a random order. */
export function shuffleQueue<T extends QueueItem>(s: QueueState<T>, random: () => number = Math.random): QueueState<T> {
  const current = s.queue[s.currentIndex];
  if (!current) return s;
  const rest = s.queue.filter((_, i) => i !== s.currentIndex);
  return { queue: [current, ...shuffled(rest, random)], currentIndex: 0 };
}

/**
 * Shuffle off: the queue goes back to the order it had (`order`, its ids
 * before shuffling), the current song staying current. Songs added while
 * shuffled, which that order does not know, follow the current song in the
 * order they are in now; songs that left the queue stay out.
 */
export function unshuffleQueue<T extends QueueItem>(s: QueueState<T>, order: readonly string[]): QueueState<T> {
  const current = s.queue[s.currentIndex];
  if (!current) return s;
  const rank = new Map(order.map((id, i) => [id, i]));
  const known = s.queue.filter((item) => rank.has(item.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  const added = s.queue.filter((item) => !rank.has(item.id));
  if (!rank.has(current.id)) {
    return { queue: [current, ...added.filter((x) => x !== current), ...known], currentIndex: 0 };
  }
  const at = known.indexOf(current);
  const queue = [...known.slice(0, at + 1), ...added, ...known.slice(at + 1)];
  return { queue, currentIndex: at };
}
