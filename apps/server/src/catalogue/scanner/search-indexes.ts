import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';

/**
 * The songs' two search indexes (`migrations/catalogue/0001-catalogue.sql`): GIN over the
 * search words and trigrams. Keeping them up to date row by row is about 40 % of a first scan's
 * writing; built once over the finished table they cost a fraction of that.
 */
export const SEARCH_INDEXES: readonly { name: string; create: string }[] = [
  { name: 'tracks_search_trgm', create: 'create index if not exists tracks_search_trgm on tracks using gin (search_text gin_trgm_ops)' },
  { name: 'tracks_search_tsv', create: 'create index if not exists tracks_search_tsv on tracks using gin (search_tsv)' },
];

/** The search indexes that are not there (dropped by a first scan that never finished). */
export async function missingSearchIndexes(db: Db): Promise<string[]> {
  const missing: string[] = [];
  for (const index of SEARCH_INDEXES) {
    const [row] = await db.query<{ present: boolean }>('select to_regclass($1) is not null as present', [index.name]);
    if (!row?.present) missing.push(index.name);
  }
  return missing;
}

/**
 * Builds the search indexes that are missing; nothing when both are there. Every scan starts
 * with it, so a first scan stopped by a crash or a killed server is repaired at the next start
 * (search itself is correct without them, only slower). Never throws: a failure is logged, and
 * the next scan tries again.
 */
export async function ensureSearchIndexes(db: Db, log: Logger): Promise<void> {
  try {
    const missing = new Set(await missingSearchIndexes(db));
    for (const index of SEARCH_INDEXES) {
      if (missing.has(index.name)) await db.exec(index.create);
    }
  } catch (e) {
    // Another server instance may be building the same index on a shared PostgreSQL.
    log.warn('search indexes not rebuilt; the next scan tries again', { error: e as Error });
  }
}

/**
 * At the start of a first scan (no songs in the catalogue), drops the search indexes so the
 * scan's writes do not keep them up to date row by row; `ensureSearchIndexes` builds them once
 * at its end. True when they were dropped. A catalogue with songs keeps them.
 */
export async function deferSearchIndexes(db: Db): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>('select not exists (select 1 from tracks) as empty');
  if (!row?.empty) return false;
  for (const index of SEARCH_INDEXES) await db.exec(`drop index if exists ${index.name}`);
  return true;
}
