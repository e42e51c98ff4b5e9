import type { HomeRow, HomeRows } from '@lyra/contracts/catalogue';
import { homeRowKey, LOCAL_KEYS, readCached, writeCached, type StorageLike } from '../../shared/lib/storage.js';

const HOUR_MS = 3_600_000;

/**
 * SPEC#limits-curated-rows "Curated rows": English songs and playlist rows are cached 24 h,
 * quick picks 5 h. SPEC names no lifetime for the other rows; an hour keeps
 * Most Searched close to what is being played.
 */
export const HOME_ROW_TTL_MS = { english: 24 * HOUR_MS, playlists: 24 * HOUR_MS, quickPicks: 5 * HOUR_MS, other: HOUR_MS } as const;
export const HOME_ROWS_CACHE_VERSION = '1';

/** The server's 'English hots' row (DESIGN §8: SPEC's unidentified row). */
export const ENGLISH_ROW_ID = 'english-hots';

export interface RowCachePolicy {
  key: string;
  ttlMs: number;
}

/** Where a row is kept and for how long (SPEC#entities-local-storage-keys: EnglishSongs, per-row curated caches). */
export function rowCachePolicy(row: Pick<HomeRow, 'id' | 'kind' | 'layout'>): RowCachePolicy {
  if (row.id === ENGLISH_ROW_ID) return { key: LOCAL_KEYS.EnglishSongs, ttlMs: HOME_ROW_TTL_MS.english };
  if (row.kind === 'playlists') return { key: homeRowKey(row.id), ttlMs: HOME_ROW_TTL_MS.playlists };
  if (row.layout === 'carousel') return { key: homeRowKey(row.id), ttlMs: HOME_ROW_TTL_MS.quickPicks };
  return { key: homeRowKey(row.id), ttlMs: HOME_ROW_TTL_MS.other };
}

interface RowIndexEntry {
  id: string;
  kind: HomeRow['kind'];
  layout: HomeRow['layout'];
}
interface HomeRowsIndex {
  featuredSongId: string | null;
  rows: RowIndexEntry[];
}

const isRow = (v: unknown): v is HomeRow =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as HomeRow).id === 'string' &&
  (((v as HomeRow).kind === 'songs' && Array.isArray((v as { songs?: unknown }).songs)) ||
    ((v as HomeRow).kind === 'playlists' && Array.isArray((v as { playlists?: unknown }).playlists)));

const isIndex = (v: unknown): v is HomeRowsIndex =>
  !!v && typeof v === 'object' && Array.isArray((v as HomeRowsIndex).rows) && (v as HomeRowsIndex).rows.every((r) => r && typeof r.id === 'string');

const options = (now: number) => ({ version: HOME_ROWS_CACHE_VERSION, now });

/** The rows as last stored, when the list and every row in it are still valid; else null. */
export function loadCachedHomeRows(storage: StorageLike | undefined, now = Date.now()): HomeRows | null {
  const index = readCached<HomeRowsIndex>(storage, LOCAL_KEYS.homeRows, { ...options(now), isData: isIndex });
  if (!index) return null;
  const rows: HomeRow[] = [];
  for (const entry of index.data.rows) {
    const row = readCached<HomeRow>(storage, rowCachePolicy(entry).key, { ...options(now), isData: isRow });
    if (!row || row.data.id !== entry.id) return null;
    rows.push(row.data);
  }
  return { featuredSongId: index.data.featuredSongId ?? null, rows };
}

/**
 * Stores a fresh answer of GET /api/home/rows. A row whose cached copy is still
 * valid keeps that copy until it expires, so each row lives as long as SPEC says;
 * the rows returned are the ones stored.
 */
export function storeHomeRows(storage: StorageLike | undefined, fresh: HomeRows, now = Date.now()): HomeRows {
  const rows = fresh.rows.map((row) => {
    const policy = rowCachePolicy(row);
    const cached = readCached<HomeRow>(storage, policy.key, { ...options(now), isData: isRow });
    if (cached && cached.data.id === row.id && cached.data.kind === row.kind) return cached.data;
    writeCached(storage, policy.key, row, { ...options(now), ttlMs: policy.ttlMs });
    return row;
  });
  const index: HomeRowsIndex = { featuredSongId: fresh.featuredSongId, rows: rows.map(({ id, kind, layout }) => ({ id, kind, layout })) };
  // The list lives as long as its shortest-lived row, so a row is never missing from it.
  const ttlMs = Math.min(HOME_ROW_TTL_MS.other, ...rows.map((r) => rowCachePolicy(r).ttlMs));
  writeCached(storage, LOCAL_KEYS.homeRows, index, { ...options(now), ttlMs });
  return { featuredSongId: fresh.featuredSongId, rows };
}

/** The song ids of the stored Quick Picks (carousel) row; [] when there is none. */
export function storedQuickPickIds(storage: StorageLike | undefined, now = Date.now()): string[] {
  const index = readCached<HomeRowsIndex>(storage, LOCAL_KEYS.homeRows, { ...options(now), isData: isIndex });
  const entry = index?.data.rows.find((r) => r.kind === 'songs' && r.layout === 'carousel');
  if (!entry) return [];
  const row = readCached<HomeRow>(storage, rowCachePolicy(entry).key, { ...options(now), isData: isRow });
  return row?.data.kind === 'songs' ? row.data.songs.map((s) => s.id).filter((id) => typeof id === 'string' && id !== '') : [];
}
