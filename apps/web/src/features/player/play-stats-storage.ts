import type { Song } from '@lyra/contracts/catalogue';
import { cleanPlayCounts, recordPlayCount, recordRecentSong } from '@lyra/player-core/play-stats';
import { local, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';

/** localStorage keys read by Home's Speed List and Recent Plays (SPEC#entities-local-storage-keys). */
export const SPEED_LIST_KEY = 'SpeedListSongs';
export const RECENT_SONGS_KEY = 'recentSongs';

/** SPEC#states-player: playing a song increments its count and adds it to recentSongs if absent. */
export function recordPlay(song: Song, storage: StorageLike | undefined = local()): void {
  const counts = cleanPlayCounts(readJson<unknown>(storage, SPEED_LIST_KEY, {}));
  writeJson(storage, SPEED_LIST_KEY, recordPlayCount(counts, song.id));
  const recent = readJson<unknown>(storage, RECENT_SONGS_KEY, []);
  writeJson(storage, RECENT_SONGS_KEY, recordRecentSong(Array.isArray(recent) ? (recent as Song[]) : [], song));
}
