import type { Song } from '@lyra/contracts/catalogue';
import { cleanPlayCounts, type PlayCounts } from '@lyra/player-core/play-stats';
import { PLAYER } from '@lyra/player-core/constants';
import { LOCAL_KEYS, readJson, readText, removeKey, writeText, type StorageLike } from '../../shared/lib/storage.js';

const HOUR_MS = 3_600_000;

/** The Speed List's numbers (SPEC#limits-speed-list). */
export const SPEED_LIST = {
  STORE_MAX: PLAYER.SPEED_LIST_MAX,
  SHOW: 15,
  /** The play counts are dropped this long after the first was kept. */
  EXPIRY_MS: 2 * 24 * HOUR_MS,
  PAGE_SIZE: 9,
  FETCH_BATCH: 3,
  FETCH_GAP_MS: 100,
  /** The fetched list is stale after 5 h and kept 6 h. */
  STALE_MS: 5 * HOUR_MS,
  KEEP_MS: 6 * HOUR_MS,
  SKELETON_TILES: 18,
  CACHE_VERSION: '1',
} as const;

/**
 * SpeedListSongs as SPEC#validation-speed-list-entries keeps it (non-empty ids other than 'null', counts
 * above 0). speedListExpiry starts when counts are first seen; once it has
 * passed, the counts and the expiry are removed (SPEC#limits-speed-list: expires after 2 days).
 */
export function readPlayCounts(storage: StorageLike | undefined, now = Date.now()): PlayCounts {
  const counts = cleanPlayCounts(readJson<unknown>(storage, LOCAL_KEYS.SpeedListSongs, {}));
  const expiry = Number(readText(storage, LOCAL_KEYS.speedListExpiry));
  if (Object.keys(counts).length === 0) return counts;
  if (!Number.isFinite(expiry) || expiry <= 0) {
    writeText(storage, LOCAL_KEYS.speedListExpiry, String(now + SPEED_LIST.EXPIRY_MS));
    return counts;
  }
  if (expiry <= now) {
    removeKey(storage, LOCAL_KEYS.SpeedListSongs);
    removeKey(storage, LOCAL_KEYS.speedListExpiry);
    removeKey(storage, LOCAL_KEYS.speedListCache);
    return {};
  }
  return counts;
}

/** The 15 most played ids, most played first; equal counts keep the order they were first played in. */
export function topSongIds(counts: PlayCounts, show: number = SPEED_LIST.SHOW): string[] {
  const clean = cleanPlayCounts(counts);
  return Object.keys(clean)
    .map((id, order) => ({ id, order, count: clean[id]! }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, show)
    .map((e) => e.id);
}

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * SPEC#catalogue-api-songs-id-per: songs are fetched by id in batches of 3 with 100 ms between batches.
 * Ids whose song is already known are not asked for again; the result follows
 * `ids` and leaves out ids the catalogue does not know.
 */
export async function fetchInBatches(
  ids: readonly string[],
  fetchBatch: (ids: string[]) => Promise<Song[]>,
  options: { known?: readonly Song[]; sleep?: Sleep; signal?: AbortSignal } = {},
): Promise<Song[]> {
  const byId = new Map((options.known ?? []).map((s) => [s.id, s]));
  const missing = ids.filter((id) => !byId.has(id));
  const sleep = options.sleep ?? realSleep;
  for (let i = 0; i < missing.length; i += SPEED_LIST.FETCH_BATCH) {
    if (i > 0) await sleep(SPEED_LIST.FETCH_GAP_MS);
    options.signal?.throwIfAborted();
    for (const song of await fetchBatch(missing.slice(i, i + SPEED_LIST.FETCH_BATCH))) byId.set(song.id, song);
  }
  return ids.flatMap((id) => {
    const s = byId.get(id);
    return s ? [s] : [];
  });
}
