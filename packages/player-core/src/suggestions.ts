import { PLAYER } from './constants.js';
import type { QueueItem, QueueState } from './queue.js';

/**
 * SPEC §4: when the current id is longer than 5 characters and the position is
 * within the last two songs, suggestions are fetched (after 1 s, by the caller's
 * timer) and appended. `lastFetchedFor` is the song whose suggestions were
 * already fetched this session, so one song never asks twice.
 */
export function shouldFetchSuggestions(s: QueueState<QueueItem>, lastFetchedFor: string | null): boolean {
  const current = s.queue[s.currentIndex];
  if (!current || current.id.length <= PLAYER.SUGGESTION_MIN_ID_LENGTH) return false;
  if (current.id === lastFetchedFor) return false;
  return s.currentIndex >= s.queue.length - 2;
}

/** Appends suggestions, skipping played ids, songs already queued and repeats. */
export function appendSuggestions<T extends QueueItem>(
  s: QueueState<T>,
  suggestions: readonly T[],
  playedIds: readonly string[],
): QueueState<T> {
  const skip = new Set([...playedIds, ...s.queue.map((q) => q.id)]);
  const fresh: T[] = [];
  for (const song of suggestions) {
    if (skip.has(song.id)) continue;
    skip.add(song.id);
    fresh.push(song);
  }
  if (fresh.length === 0) return s;
  return { queue: [...s.queue, ...fresh], currentIndex: s.queue.length === 0 ? 0 : s.currentIndex };
}

/**
 * Remembers a played id. SPEC §4: the set is cleaned when it grows above 20;
 * cleaning keeps only the song just played, so it is never suggested back at once.
 */
export function rememberPlayed(playedIds: readonly string[], id: string): string[] {
  if (playedIds.includes(id)) return [...playedIds];
  const next = [...playedIds, id];
  return next.length > PLAYER.PLAYED_IDS_MAX ? [id] : next;
}
