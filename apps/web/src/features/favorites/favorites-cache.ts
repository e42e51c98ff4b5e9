import { local, readJson, writeJson } from '../../shared/lib/storage.js';

/** SPEC#entities-local-storage-keys keys and SPEC#limits-favourites numbers for favourites. */
export const FAVORITES_KEY = 'favorites';
export const FAVORITES_EXPIRY_KEY = 'expiryTime';
export const LEGACY_FAVORITES_KEY = 'favoriteSongs';
export const FAILED_ADD_KEY = 'failedAddFavorites';
export const FAILED_REMOVE_KEY = 'failedRemoveFavorites';
export const FAVORITES = {
  FETCH_LIMIT: 150,
  CACHE_MS: 5 * 60 * 60 * 1000,
  RETRY_BATCH: 5,
  PAGE_SIZE: 10,
  HOME_MAX: 10,
  HOME_PER_COLUMN: 4,
  DEBOUNCE_MS: 500,
} as const;

const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** SPEC#validation-favourite-add-refused: the list is de-duplicated by id (first occurrence kept); empty ids are dropped. */
export function dedupeIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => id !== '' && id !== 'null'))];
}

/**
 * The cached favourite song ids, oldest first, and whether they are recent
 * enough (SPEC#states-favourites: refetched when empty or older than 5 hours).
 */
export function readFavoritesCache(nowMs: number): { ids: string[]; fresh: boolean } {
  const raw = readJson<unknown>(local(), FAVORITES_KEY, []);
  const ids = isIdList(raw) ? dedupeIds(raw) : [];
  const expiry = readJson<unknown>(local(), FAVORITES_EXPIRY_KEY, 0);
  return { ids, fresh: ids.length > 0 && typeof expiry === 'number' && nowMs < expiry };
}

/** Stores a list fetched from the server, starting a new 5-hour lifetime. */
export function writeFavoritesCache(ids: readonly string[], nowMs: number): void {
  writeJson(local(), FAVORITES_KEY, dedupeIds(ids));
  writeJson(local(), FAVORITES_EXPIRY_KEY, nowMs + FAVORITES.CACHE_MS);
}

/** A local change (a toggle): the list changes, its lifetime does not. */
export function updateFavoritesCache(ids: readonly string[]): void {
  writeJson(local(), FAVORITES_KEY, dedupeIds(ids));
}

/** SPEC#entities-local-storage-keys: the legacy key favoriteSongs is removed. */
export function removeLegacyFavorites(): void {
  try {
    local()?.removeItem(LEGACY_FAVORITES_KEY);
  } catch {
    // Nothing to remove from unavailable storage.
  }
}

export type FailedKind = 'add' | 'remove';
const failedKey = (kind: FailedKind) => (kind === 'add' ? FAILED_ADD_KEY : FAILED_REMOVE_KEY);

export function readFailed(kind: FailedKind): string[] {
  const raw = readJson<unknown>(local(), failedKey(kind), []);
  return isIdList(raw) ? dedupeIds(raw) : [];
}

export function writeFailed(kind: FailedKind, ids: readonly string[]): void {
  writeJson(local(), failedKey(kind), dedupeIds(ids));
}

/**
 * Remembers a change the server did not take, to send again later. The
 * newest intent wins: failing to add a song cancels an older pending remove.
 */
export function markFailed(kind: FailedKind, songId: string): void {
  const other: FailedKind = kind === 'add' ? 'remove' : 'add';
  writeFailed(other, readFailed(other).filter((id) => id !== songId));
  writeFailed(kind, [...readFailed(kind), songId]);
}

/**
 * Favourite ids with changes the server does not have yet laid over them,
 * given as [songId, favourited] pairs, oldest first (a later pair for a song
 * wins). An added song goes last, as a new favourite does.
 */
export function withChanges(ids: readonly string[], changes: Iterable<readonly [string, boolean]>): string[] {
  const latest = new Map(changes);
  const kept = ids.filter((id) => latest.get(id) !== false);
  return [...kept, ...[...latest].filter(([id, on]) => on && !kept.includes(id)).map(([id]) => id)];
}

/** The failed lists as changes for withChanges. */
export const failedChanges = (): [string, boolean][] => [
  ...readFailed('add').map((id): [string, boolean] => [id, true]),
  ...readFailed('remove').map((id): [string, boolean] => [id, false]),
];

/** A change that finally went through is no longer pending. */
export function clearFailed(songId: string): void {
  for (const kind of ['add', 'remove'] as const) writeFailed(kind, readFailed(kind).filter((id) => id !== songId));
}
