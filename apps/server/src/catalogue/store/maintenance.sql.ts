import type { Queryable } from '../../db/db.js';

/**
 * After a scan: GIN indexes buffer new entries in a pending list that every
 * search reads linearly until it is merged. PostgreSQL's autovacuum merges it
 * eventually; PGlite has no autovacuum, so we merge it ourselves.
 */
export async function flushSearchIndexes(db: Queryable): Promise<void> {
  await db.query(
    `select gin_clean_pending_list(c.oid)
       from pg_class c
      where c.relkind = 'i' and c.relname = any($1::text[])`,
    [['tracks_search_tsv', 'tracks_search_trgm', 'catalogue_words_trgm', 'albums_norm_trgm', 'artists_norm_trgm', 'playlists_norm_trgm']],
  );
}
