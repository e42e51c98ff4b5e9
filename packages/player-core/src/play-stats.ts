import { PLAYER } from './constants.js';
import type { QueueItem } from './queue.js';

/** SPEC#entities-speed-list: the Speed List is a map of song id to a positive play count. */
export type PlayCounts = Record<string, number>;

/** SPEC#validation-speed-list-entries: entries are kept only with a real id and a count above 0. */
export function cleanPlayCounts(raw: unknown): PlayCounts {
  const out: PlayCounts = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [id, count] of Object.entries(raw as Record<string, unknown>)) {
    if (id === '' || id === 'null' || id === 'undefined') continue;
    if (typeof count !== 'number' || !Number.isFinite(count) || count <= 0) continue;
    out[id] = count;
  }
  return out;
}

/**
 * SPEC#states-player: playing a song increments its count. The map keeps at most 30
 * songs (SPEC#limits-speed-list): the least played go first, never the song just played.
 */
export function recordPlayCount(counts: PlayCounts, id: string): PlayCounts {
  const next = { ...cleanPlayCounts(counts), [id]: (counts[id] ?? 0) + 1 };
  const ids = Object.keys(next);
  if (ids.length <= PLAYER.SPEED_LIST_MAX) return next;
  const byCount = ids.filter((k) => k !== id).sort((a, b) => next[b]! - next[a]!);
  const kept: PlayCounts = { [id]: next[id]! };
  for (const k of byCount.slice(0, PLAYER.SPEED_LIST_MAX - 1)) kept[k] = next[k]!;
  return kept;
}

/**
 * SPEC#states-player: a played song joins recentSongs (newest first) if it is not there
 * yet; the list keeps 30 (SPEC#limits-recent-songs). Moving a replayed song to the front is
 * Recent Plays' own rule, not this one.
 */
export function recordRecentSong<T extends QueueItem>(recent: readonly T[], song: T): T[] {
  const valid = recent.filter((s): s is T => Boolean(s && typeof s.id === 'string' && s.id));
  if (valid.some((s) => s.id === song.id)) return valid.slice(0, PLAYER.RECENT_SONGS_MAX);
  return [song, ...valid].slice(0, PLAYER.RECENT_SONGS_MAX);
}
