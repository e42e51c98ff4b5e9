import { PLAYER } from './constants.js';

/** Anything the queue can hold: only the id matters to the rules. */
export interface QueueItem {
  readonly id: string;
}

/**
 * The queue and the current position. `currentIndex` is -1 exactly when the
 * queue is empty. Every rule returns a new state and never mutates its input.
 */
export interface QueueState<T extends QueueItem> {
  readonly queue: readonly T[];
  readonly currentIndex: number;
}

export const emptyQueue = <T extends QueueItem>(): QueueState<T> => ({ queue: [], currentIndex: -1 });

export const currentItem = <T extends QueueItem>(s: QueueState<T>): T | undefined => s.queue[s.currentIndex];

/** The next button is disabled on the last song (SPEC#chrome-mini-player, SPEC#player-full-screen-blurred). */
export const hasNext = (s: QueueState<QueueItem>): boolean => s.currentIndex >= 0 && s.currentIndex < s.queue.length - 1;

/** The previous button is disabled on the first song (SPEC#player-full-screen-blurred). */
export const hasPrevious = (s: QueueState<QueueItem>): boolean => s.currentIndex > 0;

/** A fresh queue starting at `index` (clamped into range). */
export function setQueue<T extends QueueItem>(items: readonly T[], index = 0): QueueState<T> {
  if (items.length === 0) return emptyQueue();
  return trimPlayed({ queue: [...items], currentIndex: Math.min(Math.max(index, 0), items.length - 1) });
}

/** SPEC#list-screen-shared-screen-songs: tapping a list row makes it current; the queue is it plus the next 9. */
export function queueFromListRow<T extends QueueItem>(list: readonly T[], tappedIndex: number): QueueState<T> {
  if (tappedIndex < 0 || tappedIndex >= list.length) return emptyQueue();
  return setQueue(list.slice(tappedIndex, tappedIndex + PLAYER.LIST_ROW_QUEUE_SIZE), 0);
}

/** SPEC#states-player: next wraps to the first song at the end. */
export function next<T extends QueueItem>(s: QueueState<T>): QueueState<T> {
  if (s.queue.length === 0) return s;
  return trimPlayed({ queue: s.queue, currentIndex: (s.currentIndex + 1) % s.queue.length });
}

/** SPEC#states-player: previous moves back unless at the start. */
export function previous<T extends QueueItem>(s: QueueState<T>): QueueState<T> {
  return hasPrevious(s) ? { queue: s.queue, currentIndex: s.currentIndex - 1 } : s;
}

/** Makes the song at `index` current (queue drawer). Out of range: unchanged. */
export function select<T extends QueueItem>(s: QueueState<T>, index: number): QueueState<T> {
  if (index < 0 || index >= s.queue.length || index === s.currentIndex) return s;
  return trimPlayed({ queue: s.queue, currentIndex: index });
}

/** Makes the first song with this id current; unknown id: unchanged. */
export const selectById = <T extends QueueItem>(s: QueueState<T>, id: string): QueueState<T> =>
  select(s, s.queue.findIndex((item) => item.id === id));

/**
 * SPEC#states-player: adding inserts right after the current song, or makes the song
 * current when the queue is empty. A song already queued moves instead of
 * appearing twice; adding the current song changes nothing.
 */
export function addToQueue<T extends QueueItem>(s: QueueState<T>, item: T): QueueState<T> {
  if (s.queue.length === 0) return { queue: [item], currentIndex: 0 };
  const current = s.queue[s.currentIndex];
  if (current?.id === item.id) return s;
  const rest = s.queue.filter((q) => q.id !== item.id);
  const at = rest.findIndex((q) => q === current);
  const queue = [...rest.slice(0, at + 1), item, ...rest.slice(at + 1)];
  return { queue, currentIndex: at };
}

/** Removes the song at `index`; the current song cannot be removed (SPEC#player-queue-drawer-lists). */
export function removeAt<T extends QueueItem>(s: QueueState<T>, index: number): QueueState<T> {
  if (index < 0 || index >= s.queue.length || index === s.currentIndex) return s;
  const queue = s.queue.filter((_, i) => i !== index);
  return { queue, currentIndex: index < s.currentIndex ? s.currentIndex - 1 : s.currentIndex };
}

/**
 * Songs that left the library (their files were deleted) leave the queue. The
 * current song stays only when `keepCurrent` (it plays from a fully decoded
 * copy, so it can finish); otherwise the song that followed it becomes current,
 * wrapping to the first as `next` does. Returns the new state and the songs taken
 * out, in queue order; nothing queued among `ids`: the same state.
 */
export function dropSongs<T extends QueueItem>(
  s: QueueState<T>,
  ids: ReadonlySet<string>,
  keepCurrent = false,
): { state: QueueState<T>; dropped: T[] } {
  const kept = s.queue.map((item, i) => !ids.has(item.id) || (keepCurrent && i === s.currentIndex));
  const dropped = s.queue.filter((_, i) => !kept[i]);
  if (dropped.length === 0) return { state: s, dropped };
  const queue = s.queue.filter((_, i) => kept[i]);
  if (queue.length === 0) return { state: emptyQueue(), dropped };
  // The current song, or the first kept one after it (wrapping to the start of the queue).
  const n = s.queue.length;
  const from = Math.max(s.currentIndex, 0);
  const at = [...s.queue.keys()].map((k) => (from + k) % n).find((i) => kept[i])!;
  return { state: { queue, currentIndex: kept.slice(0, at).filter(Boolean).length }, dropped };
}

/** SPEC#states-player: when the current index exceeds 15, the earlier songs are dropped. */
export function trimPlayed<T extends QueueItem>(s: QueueState<T>): QueueState<T> {
  if (s.currentIndex <= PLAYER.TRIM_WHEN_INDEX_ABOVE) return s;
  return { queue: s.queue.slice(s.currentIndex), currentIndex: 0 };
}

/** Rebuilds a state from a stored queue and current id (session restore). */
export function restoreQueue<T extends QueueItem>(items: readonly T[], currentId: string | null): QueueState<T> {
  if (items.length === 0) return emptyQueue();
  const index = currentId == null ? 0 : items.findIndex((item) => item.id === currentId);
  return { queue: [...items], currentIndex: index < 0 ? 0 : index };
}
