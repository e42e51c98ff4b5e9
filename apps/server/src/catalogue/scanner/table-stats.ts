import type { Db } from '../../db/db.js';

/** The tables a scan fills and then looks rows up in, batch after batch. */
const SCANNED_TABLES = 'tracks, track_artists, albums, artists, scan_seen, catalogue_words';
/**
 * The same while the scan goes on, with only the songs' columns its lookups filter or join on:
 * the statistics of the search text and words (most of ANALYZE's time on tracks) wait for settle().
 */
const DURING_SCAN = 'tracks (id, path, dir, fingerprint, album_id, scanned_at, cover_id), track_artists, albums, artists, scan_seen, catalogue_words';

/** Rows written before the first refresh: below this, any plan is quick. */
const FIRST_REFRESH = 1_024;

/**
 * Keeps the planner's row counts current while a scan fills the catalogue.
 * Without them a table filled from empty still looks empty (PGlite has no
 * autovacuum, and PostgreSQL's runs late), so per-batch lookups plan as
 * sequential scans and the scan slows down as the library grows. Statistics
 * are refreshed each time the songs written since the last refresh reach the
 * catalogue's size then: a handful of ANALYZEs in a scan of any size.
 */
export interface TableStats {
  /** Counts songs written; refreshes the statistics when the catalogue has doubled. */
  written(songs: number): Promise<void>;
  /** Refreshes them if anything was written since the last refresh (before the set-based end of a scan). */
  settle(): Promise<void>;
}

export async function createTableStats(db: Db): Promise<TableStats> {
  const [row] = await db.query<{ n: number }>("select greatest(reltuples, 0)::int8 as n from pg_class where relname = 'tracks'");
  let size = Number(row?.n ?? 0);
  let pending = 0;
  // Refreshed during the scan with some of the songs' columns only: settle() does them all.
  let partial = false;
  const refresh = async (tables: string) => {
    size += pending;
    pending = 0;
    partial = tables === DURING_SCAN;
    await db.exec(`analyze ${tables}`);
  };
  return {
    async written(songs) {
      pending += songs;
      if (pending >= Math.max(FIRST_REFRESH, size)) await refresh(DURING_SCAN);
    },
    async settle() {
      if (pending > 0 || partial) await refresh(SCANNED_TABLES);
    },
  };
}
