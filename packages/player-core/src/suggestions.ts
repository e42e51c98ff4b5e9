import { PLAYER } from './constants.js';
import type { QueueItem, QueueState } from './queue.js';

/**
 * SPEC#states-player: when the current id is longer than 5 characters and the position is
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
 * Remembers a played id. SPEC#states-player: the set is cleaned when it grows above 20;
 * cleaning keeps only the song just played, so it is never suggested back at once.
 */
export function rememberPlayed(playedIds: readonly string[], id: string): string[] {
  if (playedIds.includes(id)) return [...playedIds];
  const next = [...playedIds, id];
  return next.length > PLAYER.PLAYED_IDS_MAX ? [id] : next;
}

/**
 * SPEC#validation-suggestions: why the suggestions button refuses, or null when it may ask:
 * nothing playing, the current song last or alone, or already asked for it
 * this session. (The rate limit is checked before this, by the caller.)
 */
export function suggestionRefusal(s: QueueState<QueueItem>, fetchedIds: readonly string[]): string | null {
  const current = s.queue[s.currentIndex];
  if (!current) return 'No song is currently playing';
  if (s.currentIndex >= s.queue.length - 1) return 'Suggestions unavailable';
  if (fetchedIds.includes(current.id)) return 'Suggestions already fetched for this song';
  return null;
}

/** SPEC#states-suggestions-request: on success the queue becomes the current song followed by the new songs not already in it. */
export function replaceWithSuggestions<T extends QueueItem>(
  s: QueueState<T>,
  suggestions: readonly T[],
): { state: QueueState<T>; added: number } {
  const current = s.queue[s.currentIndex];
  if (!current) return { state: s, added: 0 };
  const known = new Set(s.queue.map((q) => q.id));
  const fresh: T[] = [];
  for (const song of suggestions) {
    if (known.has(song.id)) continue;
    known.add(song.id);
    fresh.push(song);
  }
  if (fresh.length === 0) return { state: s, added: 0 };
  return { state: { queue: [current, ...fresh], currentIndex: 0 }, added: fresh.length };
}
