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

/**
 * The indexes a first scan dropped and builds again, by name, with their definitions
 * (`pg_get_indexdef`). Written in the transaction that drops them, so a scan that never finished
 * (a crash, a killed server) leaves what to build: every scan, and so every server start, builds
 * them first (`restoreTrackIndexes`). Created when a first scan first needs it, not by a migration:
 * it only ever holds rows while a first scan runs.
 */
const DEFERRED = 'scan_deferred_indexes';

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
 * The secondary indexes of the tables a first scan fills: every index on them but primary keys and
 * unique ones (the writes' `on conflict`, the group keys and the foreign keys need those).
 */
const SECONDARY = `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
   where i.indrelid = any (array['tracks', 'track_artists', 'albums', 'artists']::regclass[])
     and not i.indisprimary and not i.indisunique
     and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
   order by c.relname`;

/** The secondary indexes of the songs, credits, albums and artists, by name with their definitions (tests compare them). */
export async function trackIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  return db.query<{ name: string; definition: string }>(SECONDARY);
}

/** Names of the indexes a first scan dropped and has not built again. */
export async function deferredTrackIndexes(db: Db): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>('select to_regclass($1) is not null as present', [DEFERRED]);
  if (!table?.present) return [];
  return (await db.query<{ name: string }>(`select name from ${DEFERRED} order by name`)).map((r) => r.name);
}

/** `CREATE INDEX name ON ...` (pg_get_indexdef) as `CREATE INDEX IF NOT EXISTS name ON ...`. */
const ifNotExists = (definition: string) => definition.replace(/^CREATE INDEX (?!IF NOT EXISTS )/i, 'CREATE INDEX IF NOT EXISTS ');

/**
 * Builds the indexes a first scan dropped (its end, or a scan that never finished), then the
 * search indexes if they are missing (a first scan of an older build noted nothing); nothing when
 * all are there. Every scan starts with it, so a server start repairs a first scan stopped by a
 * crash or a killed server before any scan reads a file. Never throws: a failure is logged, its
 * note kept, and the next scan tries again. Each index is built and its note deleted in one
 * transaction.
 */
export async function restoreTrackIndexes(db: Db, log: Logger): Promise<void> {
  let notes: { name: string; definition: string }[] = [];
  try {
    const [table] = await db.query<{ present: boolean }>('select to_regclass($1) is not null as present', [DEFERRED]);
    if (table?.present) notes = await db.query<{ name: string; definition: string }>(`select name, definition from ${DEFERRED} order by name`);
  } catch (e) {
    log.warn('deferred song indexes not read; the next scan tries again', { error: e as Error });
  }
  for (const note of notes) {
    try {
      await db.transaction(async (tx) => {
        await tx.exec(ifNotExists(note.definition));
        await tx.query(`delete from ${DEFERRED} where name = $1`, [note.name]);
      });
    } catch (e) {
      // Another server instance may be building the same index on a shared PostgreSQL.
      log.warn('song index not rebuilt; the next scan tries again', { index: note.name, error: e as Error });
    }
  }
  try {
    const missing = new Set(await missingSearchIndexes(db));
    for (const index of SEARCH_INDEXES) {
      if (missing.has(index.name)) await db.exec(index.create);
    }
  } catch (e) {
    log.warn('search indexes not rebuilt; the next scan tries again', { error: e as Error });
  }
}

/**
 * At the start of a first scan (no songs in the catalogue), drops the secondary indexes of the
 * songs, credits, albums and artists, the search indexes among them, so the scan's writes do not
 * keep them up to date row by row (storing a song's dozen index entries was about a third of
 * writing it on PGlite); `restoreTrackIndexes` builds them once when the scan has written its
 * songs. Each is noted before it is dropped, in the same transaction. True when they were
 * dropped. A catalogue with songs keeps them. `searchOnly`: a first scan that looks songs up
 * batch after batch (its role may not write without triggers, deferred-upkeep.ts) keeps the
 * others, which those lookups and the triggers use.
 */
export async function deferTrackIndexes(db: Db, { searchOnly = false } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ empty: boolean }>('select not exists (select 1 from tracks) as empty');
    if (!row?.empty) return false;
    await tx.exec(`create table if not exists ${DEFERRED} (name text primary key, definition text not null)`);
    const search = new Set(SEARCH_INDEXES.map((i) => i.name));
    const indexes = (await tx.query<{ name: string; definition: string }>(SECONDARY)).filter((i) => !searchOnly || search.has(i.name));
    for (const index of indexes) {
      await tx.query(`insert into ${DEFERRED} (name, definition) values ($1, $2) on conflict (name) do nothing`, [index.name, index.definition]);
      await tx.exec(`drop index if exists "${index.name.replaceAll('"', '""')}"`);
    }
    return true;
  });
}
