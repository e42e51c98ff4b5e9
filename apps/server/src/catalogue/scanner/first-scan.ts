import type { Queryable } from '../../db/db.js';
import type { GroupingRow } from './album-grouping.js';
import { loadEntityCache, type EntityCache } from './entity-rows.js';

/**
 * What a first scan (the catalogue held no song as it began; the scan holds the lease) keeps in
 * memory instead of looking it up batch after batch. Every song in the catalogue is one it wrote,
 * so it knows their ids, which folders they are in and the folder-mates of the songs it writes
 * next; and it knows every artist and album row (entity-rows.ts).
 */
export interface FirstScan {
  /** Song ids written so far. */
  written: Set<string>;
  /** scan_errors held rows as the scan began: only then can a file of the scan have one. */
  errorsAtStart: boolean;
  entities: EntityCache;
  /** Folders with songs written so far. */
  dirsWritten: Set<string>;
  /**
   * The songs written in the folders of the last batch written, by folder: the walk gives a
   * folder's files one after another, so only these folders can have mates in the next batch.
   */
  recentMates: Map<string, GroupingRow[]>;
  /**
   * Folders whose songs were written in more than one batch: the album of their first songs was
   * decided without the later ones, so the regrouping at the end decides them again. Every other
   * folder's songs were decided together, as the regrouping would decide them.
   */
  splitDirs: Set<string>;
}

export async function startFirstScan(q: Queryable): Promise<FirstScan> {
  const [errors] = await q.query<{ any: boolean }>('select exists (select 1 from scan_errors) as any');
  return {
    written: new Set(),
    errorsAtStart: errors?.any ?? true,
    entities: await loadEntityCache(q),
    dirsWritten: new Set(),
    recentMates: new Map(),
    splitDirs: new Set(),
  };
}

/**
 * The songs already written in the folders of `dirs`, in the order written; null when one of the
 * folders has songs written before the last batch (a sparse file read last): the caller looks them up.
 */
export function knownMates(first: FirstScan, dirs: Iterable<string>): GroupingRow[] | null {
  const out: GroupingRow[] = [];
  for (const dir of dirs) {
    const recent = first.recentMates.get(dir);
    if (recent) out.push(...recent);
    else if (first.dirsWritten.has(dir)) return null;
  }
  return out;
}

/** After a batch is written: its songs are the mates the next batch may have. */
export function noteWritten(first: FirstScan, ids: readonly string[], rows: readonly GroupingRow[]): void {
  for (const id of ids) first.written.add(id);
  const next = new Map<string, GroupingRow[]>();
  for (const row of rows) {
    let list = next.get(row.dir);
    if (!list) {
      list = [...(first.recentMates.get(row.dir) ?? [])];
      next.set(row.dir, list);
      if (first.dirsWritten.has(row.dir)) first.splitDirs.add(row.dir);
    }
    list.push(row);
    first.dirsWritten.add(row.dir);
  }
  first.recentMates = next;
}
