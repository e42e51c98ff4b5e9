/**
 * Web Storage that never throws: private modes, quotas and hand-edited values
 * must not break playback. Values are JSON.
 */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readJson<T>(storage: StorageLike | undefined, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(storage: StorageLike | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the value simply is not remembered.
  }
}

export function readText(storage: StorageLike | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(storage: StorageLike | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // As above.
  }
}

export const local = (): StorageLike | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
export const session = (): StorageLike | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/**
 * SPEC#entities-local-storage-keys localStorage key names, verbatim, so every feature reads and writes
 * the same entries. Keys SPEC describes without naming get a name here once.
 */
export const LOCAL_KEYS = {
  audioQuality: 'audioQuality',
  User: 'User',
  userExpiry: 'userExpiry',
  favorites: 'favorites',
  expiryTime: 'expiryTime',
  PlaylistMetadata: 'PlaylistMetadata',
  PlaylistMetadataExpiryTime: 'PlaylistMetadataExpiryTime',
  FavoriteSongsDetails: 'FavoriteSongsDetails',
  recentSongs: 'recentSongs',
  SpeedListSongs: 'SpeedListSongs',
  speedListExpiry: 'speedListExpiry',
  suggestionIndex: 'suggestionIndex',
  songId: 'songId',
  searchHistory: 'searchHistory',
  failedAddFavorites: 'failedAddFavorites',
  failedRemoveFavorites: 'failedRemoveFavorites',
  songSuggestions: 'songSuggestions',
  EnglishSongs: 'EnglishSongs',
  /** Legacy: removed on sight (SPEC#entities-local-storage-keys). */
  favoriteSongs: 'favoriteSongs',
  // Named by SPEC only by what they hold:
  videoPreviewCache: 'videoPreviewCache',
  speedListCache: 'speedListCache',
  quickPlaysCache: 'quickPlaysCache',
  /** The list of curated Home rows (order, titles, featured song). */
  homeRows: 'homeRows',
} as const;

/** `playlist:{playlistId}`: a user playlist's song ids (SPEC#entities-local-storage-keys). */
export const playlistKey = (playlistId: string): string => `playlist:${playlistId}`;
/** A per-row curated cache (SPEC#entities-local-storage-keys "per-row curated caches"). */
export const homeRowKey = (rowId: string): string => `homeRow:${rowId}`;

/**
 * A versioned, expiring entry (SPEC#entities-local-storage-keys "data, timestamp, expiresAt"; SPEC#validation-cached-values-used
 * "cached values used only if unexpired and version matches").
 */
export interface CachedEntry<T> {
  data: T;
  /** When the data was fetched (ms since the epoch). */
  timestamp: number;
  expiresAt: number;
  version: string;
}

export interface CacheOptions {
  version: string;
  now?: number;
}

/** The entry when it is well formed, unexpired and of `version`; else null (and the stale entry is removed). */
export function readCached<T>(
  storage: StorageLike | undefined,
  key: string,
  options: CacheOptions & { isData?: (value: unknown) => value is T },
): CachedEntry<T> | null {
  const raw = readJson<unknown>(storage, key, null);
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Partial<CachedEntry<unknown>>;
  const now = options.now ?? Date.now();
  const valid =
    e.version === options.version &&
    typeof e.timestamp === 'number' &&
    typeof e.expiresAt === 'number' &&
    e.expiresAt > now &&
    'data' in e &&
    (options.isData ? options.isData(e.data) : e.data !== undefined);
  if (!valid) {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing to clean up then.
    }
    return null;
  }
  return e as CachedEntry<T>;
}

/** Stores `data` for `ttlMs` under `version`; returns the entry written. */
export function writeCached<T>(
  storage: StorageLike | undefined,
  key: string,
  data: T,
  options: CacheOptions & { ttlMs: number },
): CachedEntry<T> {
  const now = options.now ?? Date.now();
  const entry: CachedEntry<T> = { data, timestamp: now, expiresAt: now + options.ttlMs, version: options.version };
  writeJson(storage, key, entry);
  return entry;
}

export function removeKey(storage: StorageLike | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Unavailable storage holds nothing.
  }
}
