/**
 * Where a scan's time goes: milliseconds spent in each step, added up over the scan. Steps overlap
 * (a batch's tags are read while the previous batch is written), so they can add up to more than
 * the scan took. Shown in the scan report (`phasesMs`), which the benchmark prints.
 */
export type ScanPhase =
  | 'check' // the batch's lookups: which files are new or changed
  | 'read' // reading tags and covers (on the tag-reading threads, or in process)
  | 'write' // writing the batch's songs, albums and artists
  | 'statistics' // ANALYZE as the catalogue grows
  | 'sweep' // removing what was not seen
  | 'regroup' // album grouping of changed folders
  | 'upkeep' // a first scan's search words and album figures, once at its end (deferred-upkeep.ts)
  | 'aggregates' // album and artist counts, lengths and years
  | 'playlists'
  | 'covers' // deleting covers nothing uses
  | 'indexes'; // building the search indexes a first scan left out (search-indexes.ts)

export type PhaseTimes = Partial<Record<ScanPhase, number>>;

/** Runs `fn`, adding its time to `times[phase]`. */
export async function timed<T>(times: PhaseTimes, phase: ScanPhase, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    times[phase] = Math.round(((times[phase] ?? 0) + performance.now() - t0) * 10) / 10;
  }
}
