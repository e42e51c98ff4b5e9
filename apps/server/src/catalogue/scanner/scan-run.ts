import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { createCoverStore, isDiscFolder, pickFolderImage, type CoverStore } from './cover-store.js';
import { checkBatch, readBatch, statAll, type CheckedBatch, type PendingFile } from './scan-batch.js';
import { deleteOrphanCovers, keepUnreadable, refreshAggregates, regroupAlbums, sweep } from './finalize.js';
import { registerPlaylists, syncPlaylists } from './playlist-sync.js';
import type { ReadAudio } from './read-audio.js';
import { acquireLease, releaseLease, renewLease } from './scan-state.js';
import { createFolderSkip, type FolderSkip } from './folder-skip.js';
import { IMAGE_EXT, MAX_LEFT_OUT, walkFolders, type LeftOut, type WalkFolder } from './walk.js';
import { createTableStats, type TableStats } from './table-stats.js';
import { timed, type PhaseTimes } from './scan-phases.js';
import { deferSearchIndexes, ensureSearchIndexes } from './search-indexes.js';
import { startFirstScan, type FirstScan } from './first-scan.js';
import { catchUpSince, deferUpkeep, endDeferredUpkeep, finishUpkeep, repairDeferredUpkeep } from './deferred-upkeep.js';

/** What one scan did. */
export interface ScanReport {
  /** Audio files found. */
  seen: number;
  /** Files parsed because they were new or changed (errors included). */
  read: number;
  /** Songs written under a path the catalogue did not have (moved files included). */
  added: number;
  /** Songs re-read under a known path (the file changed). */
  updated: number;
  /** Files unchanged since the last scan (size, mtime and folder cover the same). */
  skipped: number;
  /** Files that kept their song id under a new path. */
  moved: number;
  /** Songs deleted because their file is gone or can no longer be read. */
  removed: number;
  /** Files that could not be read in this scan. */
  errors: number;
  durationMs: number;
  /** False when the scan was stopped, or the music folder was missing (nothing swept). */
  complete: boolean;
  /** True when the catalogue changed. */
  changed: boolean;
  /** A full scan stats every file; a quick one skips unchanged folders (folder-skip.ts). */
  full: boolean;
  /**
   * Entries of the music folder left out of the library, and why (walk.ts): a link loop or a
   * second way to a folder, a link out of the music folder, a FIFO, socket or device, a folder
   * named like a song, a name that is not UTF-8. The first MAX_LEFT_OUT; each is also logged.
   * Files that were read and failed are in `scan_errors` (`errors`).
   */
  leftOut: LeftOut[];
  /** Milliseconds spent in each step (scan-phases.ts); steps overlap. */
  phasesMs: PhaseTimes;
}

export interface ScanRunDeps {
  db: Db;
  root: string;
  dataDir: string;
  log: Logger;
  now: () => number;
  readAudio: ReadAudio;
  /** Files read at once. */
  readConcurrency: number;
  /** Stat every file (true), or skip folders unchanged since the last scan. */
  full: boolean;
  /** Folders (relative) to stat even when they look unchanged: the watcher saw a file in them change. */
  forcedDirs: ReadonlySet<string>;
  owner: string;
  signal: AbortSignal;
  batchSize: number;
  progressEveryMs: number;
  /** Live counts while the scan runs (the status endpoint shows them). */
  onProgress?: (report: ScanReport) => void;
  /** Songs the scan deleted from the catalogue (file gone, or no longer readable), by id. */
  onRemoved?: (songIds: readonly string[]) => void;
}


export const emptyReport = (full: boolean): ScanReport => ({
  seen: 0, read: 0, skipped: 0, moved: 0, removed: 0, errors: 0, added: 0, updated: 0, durationMs: 0,
  complete: false, changed: false, full, leftOut: [], phasesMs: {},
});

/** Songs a first scan writes before its first catch-up of the upkeep it defers; then each time they double. */
const FIRST_CATCH_UP = 1_024;

const relJoin = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

/** One scan of the music folder into the catalogue; null when another server instance is scanning. */
export async function runScan(d: ScanRunDeps): Promise<ScanReport | null> {
  const started = d.now();
  const report = emptyReport(d.full);
  // A first scan that never finished (a crash, a killed server) left the search indexes out.
  await ensureSearchIndexes(d.db, d.log);
  try {
    if (!(await stat(d.root)).isDirectory()) throw new Error('not a folder');
  } catch (e) {
    // An unmounted disk must not empty the catalogue: nothing is swept.
    d.log.warn('music folder missing or unreadable; nothing removed', { path: d.root, error: e as Error });
    return report;
  }
  const gen = await acquireLease(d.db, d.owner);
  if (gen === null) return null;
  let deferred = false;
  const upkeep = { deferred: false, done: false };
  try {
    // A first scan that never finished left its songs without their figures and search words.
    await repairDeferredUpkeep(d.db, d.log);
    // A first scan builds the search indexes, words and figures once at its end, not row by row.
    deferred = await deferSearchIndexes(d.db);
    upkeep.deferred = await deferUpkeep(d.db);
    const walked = await walkPhase(d, gen, report, started, upkeep.deferred);
    if (!d.signal.aborted) await finalizePhase(d, gen, report, walked, upkeep);
  } finally {
    // Stopped or failed midway too: what was written has its figures and words, and is searchable.
    if (upkeep.deferred && !upkeep.done) await timed(report.phasesMs, 'upkeep', () => repairDeferredUpkeep(d.db, d.log));
    if (deferred) await timed(report.phasesMs, 'indexes', () => ensureSearchIndexes(d.db, d.log));
    await releaseLease(d.db, d.owner, gen, report.complete);
    report.durationMs = d.now() - started;
  }
  d.onProgress?.({ ...report });
  return report;
}

interface Walked {
  dirty: Set<string>;
  unreadable: string[];
  covers: CoverStore;
  playlistsChanged: boolean;
  folders: FolderSkip;
  stats: TableStats;
  /** A first scan (first-scan.ts): no song was marked seen, and none is swept. */
  firstScan: FirstScan | null;
  /** A first scan: when its upkeep was last caught up (catchUpSince). */
  caughtUpSince: string;
}

/** Walks the folder, writing batches as they fill. */
async function walkPhase(d: ScanRunDeps, gen: number, report: ScanReport, started: number, bulk: boolean): Promise<Walked> {
  const folders = await createFolderSkip(d.db, gen, { quick: !d.full, forced: d.forcedDirs });
  const w: Walked = {
    dirty: new Set(), unreadable: [], covers: createCoverStore(d.db, d.dataDir, d.log), playlistsChanged: false, folders,
    stats: await createTableStats(d.db),
    firstScan: null,
    caughtUpSince: '-infinity',
  };
  let lastProgress = started;
  const progress = () => {
    report.durationMs = d.now() - started;
    d.onProgress?.({ ...report });
    if (d.now() - lastProgress < d.progressEveryMs) return;
    lastProgress = d.now();
    d.log.info('scan progress', {
      seen: report.seen, read: report.read, errors: report.errors, filesPerSec: rate(report), skipped: report.skipped,
    });
  };
  // The previous batch's write runs while the next batch is read on the tag-reading threads: the
  // next batch's lookups come first (on PGlite they would wait for the write), then the write starts
  // and the reads go on beside it.
  let pendingWrite: (() => Promise<void>) | null = null;
  // A first scan (the catalogue held no song as it began) keeps what it writes in memory instead of looking it up.
  const firstScan: FirstScan | null = bulk ? await startFirstScan(d.db) : null;
  w.firstScan = firstScan;
  let counted = 0;
  // A first scan catches up its upkeep each time the songs written double (deferred-upkeep.ts).
  let catchUpAt = FIRST_CATCH_UP;
  // Files that are mostly holes (sparse) are read after every other file: one cannot hold up the rest.
  const last: CheckedBatch = { gen, toRead: [], knownIds: new Map() };
  const writePending = async () => {
    const write = pendingWrite;
    pendingWrite = null;
    if (write) await timed(report.phasesMs, 'write', write);
    const written = report.added + report.updated;
    await timed(report.phasesMs, 'statistics', () => w.stats.written(written - counted));
    counted = written;
    if (bulk && written >= catchUpAt) {
      catchUpAt = written * 2;
      w.caughtUpSince = await timed(report.phasesMs, 'upkeep', () => catchUpSince(d.db, w.caughtUpSince));
    }
  };
  const flush = async (files: PendingFile[], lists: PendingFile[]) => {
    if (files.length > 0) {
      const checked = await timed(report.phasesMs, 'check', () => checkBatch(d, gen, files, report, firstScan));
      checked.toRead = checked.toRead.filter((f) => {
        if (!f.mostlyHoles || last.toRead.length >= d.batchSize) return true;
        last.toRead.push(f);
        const id = checked.knownIds.get(f.rel);
        if (id !== undefined) last.knownIds.set(f.rel, id);
        d.log.info('read last: mostly holes (a sparse file)', { path: f.rel, sizeBytes: f.sizeBytes });
        return false;
      });
      const writing = writePending();
      writing.catch(() => {}); // awaited below, after the reads
      const read = timed(report.phasesMs, 'read', () => readBatch(d, w.covers, checked, report, w.dirty, firstScan));
      read.catch(() => {});
      await writing;
      pendingWrite = await read;
    }
    if (lists.length > 0) w.playlistsChanged = (await registerPlaylists(d.db, gen, await statAll(lists))) || w.playlistsChanged;
    await renewLease(d.db, d.owner);
    progress();
  };

  let files: PendingFile[] = [];
  let lists: PendingFile[] = [];
  let lastSkipProgress = 0;
  const walk = walkFolders(d.root, {
    signal: d.signal,
    onRefused: (rel, reason) => {
      if (report.leftOut.length < MAX_LEFT_OUT) report.leftOut.push({ path: rel, reason });
      d.log.warn('left out of the library', { path: rel, reason });
    },
    onUnreadable: (rel, e) => {
      w.unreadable.push(rel);
      d.log.warn('folder unreadable, its songs are kept', { path: rel || '.', error: e });
    },
  });
  // Stopping waits for the write under way, so no batch is left half written.
  const stop = async () => {
    await writePending();
    return w;
  };
  for await (const folder of walk) {
    let pending: (name: string) => PendingFile;
    if (folders.check(folder)) {
      // Unchanged since the last completed scan: its files count as seen, unstatted.
      await folders.skip(folder);
      report.seen += folder.audio.length;
      report.skipped += folder.audio.length;
      if (report.seen - lastSkipProgress >= 16 * d.batchSize) {
        lastSkipProgress = report.seen;
        await renewLease(d.db, d.owner);
        progress();
      }
      pending = (name) => ({ rel: relJoin(folder.rel, name), abs: join(folder.abs, name), dir: folder.rel, folderSig: '', folderImage: null });
    } else {
      const image = folder.audio.length > 0 ? await folderImage(folder) : null;
      const folderSig = image ? await imageSig(image) : '';
      pending = (name) => ({ rel: relJoin(folder.rel, name), abs: join(folder.abs, name), dir: folder.rel, folderSig, folderImage: image });
      for (const name of folder.audio) {
        files.push(pending(name));
        if (files.length < d.batchSize) continue;
        await flush(files, []);
        files = [];
        if (d.signal.aborted) return stop();
      }
    }
    lists.push(...folder.playlists.map(pending));
    if (lists.length >= d.batchSize) {
      await flush([], lists);
      lists = [];
    }
    if (d.signal.aborted) return stop();
  }
  await flush(files, lists);
  if (last.toRead.length > 0 && !d.signal.aborted) {
    await writePending(); // every other song is in the catalogue before these are read
    pendingWrite = await timed(report.phasesMs, 'read', () => readBatch(d, w.covers, last, report, w.dirty, firstScan));
    progress();
  }
  await writePending();
  await folders.flush();
  return w;
}

/** Sweeps what was not seen, regroups changed folders, refreshes aggregates and playlists. */
async function finalizePhase(
  d: ScanRunDeps,
  gen: number,
  report: ScanReport,
  w: Walked,
  upkeep: { deferred: boolean; done: boolean },
) {
  const t = report.phasesMs;
  await timed(t, 'statistics', () => w.stats.settle());
  await keepUnreadable(d.db, gen, w.unreadable);
  const swept = await timed(t, 'sweep', () => sweep(d.db, gen, w.dirty, !w.firstScan));
  report.removed += swept.songIds.length;
  if (swept.songIds.length > 0) d.onRemoved?.(swept.songIds);
  await w.folders.save();
  // A first scan decided each folder written in one batch as the regrouping would: only the others are decided again.
  const split = w.firstScan?.splitDirs;
  const regroup = split ? new Set([...w.dirty].filter((dir) => split.has(dir))) : w.dirty;
  if (regroup.size > 0) await timed(t, 'regroup', () => regroupAlbums(d.db, regroup));
  report.changed = report.read > 0 || report.removed > 0 || w.playlistsChanged || swept.playlists > 0;
  if (report.changed) {
    await renewLease(d.db, d.owner);
    if (upkeep.deferred) await timed(t, 'upkeep', () => d.db.transaction((tx) => finishUpkeep(tx, w.caughtUpSince)));
    // Writes without triggers noted nothing stale: a first scan refreshes every album and artist.
    await timed(t, 'aggregates', () => refreshAggregates(d.db, d.full || upkeep.deferred ? 'all' : 'stale'));
    await timed(t, 'playlists', () => syncPlaylists(d.db, d.root, d.log));
    await timed(t, 'covers', () => deleteOrphanCovers(d.db, w.covers));
  }
  if (upkeep.deferred) {
    await endDeferredUpkeep(d.db);
    upkeep.done = true;
  }
  report.complete = true;
}

export const rate = (r: ScanReport) => (r.durationMs > 0 ? Math.round((r.seen * 1000) / r.durationMs) : 0);

/** The folder's cover image; a disc folder ("CD2", "Disc 1") without one uses its album folder's. */
async function folderImage(folder: WalkFolder): Promise<string | null> {
  const own = pickFolderImage(folder.images);
  if (own) return join(folder.abs, own);
  if (folder.rel === '' || !isDiscFolder(basename(folder.abs))) return null;
  const parent = dirname(folder.abs);
  try {
    // Plain files only: opening a FIFO named cover.jpg would wait for a writer.
    const names = (await readdir(parent, { withFileTypes: true }))
      .filter((e) => e.isFile() && IMAGE_EXT.test(e.name) && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
    const up = pickFolderImage(names);
    return up ? join(parent, up) : null;
  } catch {
    return null;
  }
}

/** Which image, and which version of it: a change re-reads the folder's songs. */
async function imageSig(abs: string): Promise<string> {
  try {
    const s = await stat(abs);
    return `${basename(abs)}:${s.size}:${Math.trunc(s.mtimeMs)}`;
  } catch {
    return '';
  }
}
