import type { Db, Queryable } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { refreshAggregates } from './finalize.js';

/**
 * A first scan's writes without the catalogue's per-statement upkeep.
 *
 * Every write to tracks, credits, albums and artists fires triggers (migrations/catalogue 0201,
 * 0401, 0500, 0501, 0600) that keep search words and their counts, album song counts, lengths,
 * genres and tag facts, and the stale notes up to date, and foreign keys are checked row by row.
 * On a first scan, into an empty catalogue, that is most of the writing, done again batch after
 * batch for figures the end of the scan recomputes anyway. So a first scan writes its songs with
 * `session_replication_role = replica` (no triggers, no foreign-key checks: the writer creates the
 * albums and artists it refers to in the same transaction), and `catchUpUpkeep` then computes the
 * same figures once over the whole catalogue.
 *
 * `scan_state.upkeep_deferred` is set before the first such write and cleared once the pass is
 * done, so a server stopped in between does the pass at its next scan (`repairDeferredUpkeep`).
 * A database role that may not set the parameter (PostgreSQL without superuser) writes with the
 * triggers, as any other scan.
 */

/** Run first in each of a first scan's write transactions. */
export const WITHOUT_TRIGGERS = 'set local session_replication_role = replica';

/**
 * At the start of a scan: true (and noted in scan_state) when the catalogue has no song and the
 * role may write without triggers; the scan then writes with WITHOUT_TRIGGERS.
 */
export async function deferUpkeep(db: Db): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>('select not exists (select 1 from tracks) as empty');
  if (!row?.empty) return false;
  try {
    await db.transaction((tx) => tx.query(WITHOUT_TRIGGERS));
  } catch {
    return false; // not allowed for this role
  }
  await db.query('update scan_state set upkeep_deferred = true where id = 1');
  return true;
}

/**
 * The upkeep the triggers would have done, over the whole catalogue: search words and how many
 * songs hold each, and every album's song count, length, genres and tag facts.
 */
export async function catchUpUpkeep(q: Queryable): Promise<void> {
  await q.query('delete from catalogue_words');
  await q.query(
    `insert into catalogue_words (word, tracks)
     select w, count(*) from tracks, unnest(tsvector_to_array(search_tsv)) as w group by w`,
  );
  await q.query('select catalogue_album_figures(array(select id from albums))');
  await q.query('select catalogue_album_tag_facts(array(select id from albums))');
}

/**
 * While a first scan goes on: the upkeep of the songs written since `since` (a time the
 * database gave; '-infinity' at first), so search finds their words and album lists show their
 * albums before the scan ends. Their words are added to the counts and their albums' figures
 * computed; an album with songs in a later batch has its figures again then, and the pass at
 * the end computes everything anew. Resolves to the `since` of the next call.
 */
export async function catchUpSince(db: Db, since: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ at: string }>('select now()::text as at');
    await addWordsSince(tx, since);
    const albums = 'array(select distinct album_id from tracks where scanned_at >= $1::text::timestamptz and album_id is not null)';
    await tx.query(`select catalogue_album_figures(${albums})`, [since]);
    await tx.query(`select catalogue_album_tag_facts(${albums})`, [since]);
    return row!.at;
  });
}

/**
 * The words of the songs written since `since` added to their counts; from '-infinity', every
 * song's (the counts start anew). A first scan writes each song once and deletes none, so the
 * counts it adds up batch after batch are the ones catchUpUpkeep computes over the whole catalogue.
 */
async function addWordsSince(q: Queryable, since: string): Promise<void> {
  if (since === '-infinity') await q.query('delete from catalogue_words');
  await q.query(
    `insert into catalogue_words (word, tracks)
     select w, count(*) from tracks, unnest(tsvector_to_array(search_tsv)) as w
      where scanned_at >= $1::text::timestamptz group by w
     on conflict (word) do update set tracks = catalogue_words.tracks + excluded.tracks`,
    [since],
  );
}

/**
 * The end of a completed first scan: catchUpUpkeep, with the search words of the songs written
 * since the last catch-up (`since`, from catchUpSince) added to the counts kept so far instead
 * of counted again over every song.
 */
export async function finishUpkeep(q: Queryable, since: string): Promise<void> {
  await addWordsSince(q, since);
  await q.query('select catalogue_album_figures(array(select id from albums))');
  await q.query('select catalogue_album_tag_facts(array(select id from albums))');
}

/** Done: the next scan has nothing to repair. */
export async function endDeferredUpkeep(q: Queryable): Promise<void> {
  await q.query('update scan_state set upkeep_deferred = false where id = 1');
}

/**
 * Before any scan: a first scan that never finished (a crash, a killed server) left its songs
 * without the upkeep; it is done now, with every album's and artist's aggregates. Never throws:
 * a failure is logged, and the next scan tries again.
 */
export async function repairDeferredUpkeep(db: Db, log: Logger): Promise<void> {
  try {
    const [row] = await db.query<{ pending: boolean }>('select upkeep_deferred as pending from scan_state where id = 1');
    if (!row?.pending) return;
    await db.transaction(catchUpUpkeep);
    await refreshAggregates(db, 'all');
    await endDeferredUpkeep(db);
  } catch (e) {
    log.warn('catalogue upkeep of an unfinished first scan not done; the next scan tries again', { error: e as Error });
  }
}
