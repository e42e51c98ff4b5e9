import type { Song } from '@lyra/contracts/catalogue';
import { PLAYER } from '@lyra/player-core/constants';
import { LOCAL_KEYS, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';

/** SPEC#limits-recent-songs "Recent songs": kept 30, first view 10, 10 more per scroll to the end. */
export const RECENT_PLAYS = { MAX: PLAYER.RECENT_SONGS_MAX, FIRST: 10, STEP: 10 } as const;

const isSong = (s: unknown): s is Song =>
  !!s && typeof s === 'object' && typeof (s as Song).id === 'string' && (s as Song).id !== '' && (s as Song).id !== 'null';

/** recentSongs, newest first: only entries with an id, no id twice, at most 30. */
export function readRecentSongs(storage: StorageLike | undefined): Song[] {
  const raw = readJson<unknown>(storage, LOCAL_KEYS.recentSongs, []);
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: Song[] = [];
  for (const s of raw) {
    if (!isSong(s) || seen.has(s.id)) continue;
    seen.add(s.id);
    out.push(s);
    if (out.length === RECENT_PLAYS.MAX) break;
  }
  return out;
}

/** SPEC#home-recent-plays: a song clicked in Recent Plays moves to the front; the list keeps 30. */
export function moveToFront(recent: readonly Song[], song: Song): Song[] {
  return [song, ...recent.filter((s) => s.id !== song.id)].slice(0, RECENT_PLAYS.MAX);
}

export function saveRecentSongs(storage: StorageLike | undefined, recent: readonly Song[]): void {
  writeJson(storage, LOCAL_KEYS.recentSongs, recent.slice(0, RECENT_PLAYS.MAX));
}
