import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { createCoverStore, pickFolderImage, type CoverStore } from './cover-store.js';
import { deleteOrphanCovers, keepUnreadable, refreshAggregates, regroupAlbums, sweep } from './finalize.js';
import { registerPlaylists, syncPlaylists, type PlaylistFile } from './playlist-sync.js';
import type { ReadAudio } from './read-audio.js';
import { acquireLease, releaseLease, renewLease } from './scan-state.js';
import { recordError, writeTrack, type ReadTrack } from './track-writer.js';
import { walkFolders } from './walk.js';

/** What one scan did. */
export interface ScanReport {
  /** Audio files found. */
  seen: number;
  /** Files parsed because they were new or changed (errors included). */
  read: number;
  /** Files unchanged since the last scan (size, mtime and folder cover the same). */
  skipped: number;
  /** Files that kept their song id under a new path. */
  moved: number;
  /** Songs deleted because their file is gone. */
  removed: number;
  /** Files that could not be read in this scan. */
  errors: number;
  durationMs: number;
  /** False when the scan was stopped, or the music folder was missing (nothing swept). */
  complete: boolean;
  /** True when the catalogue changed. */
  changed: boolean;
}

export interface ScanRunDeps {
  db: Db;
  root: string;
  dataDir: string;
  log: Logger;
  now: () => number;
  readAudio: ReadAudio;
  owner: string;
  signal: AbortSignal;
  batchSize: number;
  progressEveryMs: number;
  /** Live counts while the scan runs (the status endpoint shows them). */
  onProgress?: (report: ScanReport) => void;
}

interface PendingFile {
  rel: string;
  abs: string;
  dir: string;
  folderSig: string;
  folderImage: string | null;
}

const READ_CONCURRENCY = 4;

const emptyReport = (): ScanReport => ({
  seen: 0, read: 0, skipped: 0, moved: 0, removed: 0, errors: 0, durationMs: 0, complete: false, changed: false,
});

const relJoin = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** One scan of the music folder into the catalogue; null when another server instance is scanning. */
export async function runScan(d: ScanRunDeps): Promise<ScanReport | null> {
  const gen = await acquireLease(d.db, d.owner);
  if (gen === null) return null;
  const started = d.now();
  const report = emptyReport();
  const dirty = new Set<string>();
  const unreadable: string[] = [];
  const covers = createCoverStore(d.db, d.dataDir, d.log);
  let playlistsChanged = false;
  let lastProgress = started;

  const progress = () => {
    report.durationMs = d.now() - started;
    d.onProgress?.({ ...report });
    if (d.now() - lastProgress < d.progressEveryMs) return;
    lastProgress = d.now();
    d.log.info('scan progress', { seen: report.seen, read: report.read, errors: report.errors, filesPerSec: rate(report) });
  };

  const flush = async (files: PendingFile[], lists: PendingFile[]) => {
    if (files.length > 0) await processBatch(d, gen, covers, files, report, dirty);
    if (lists.length > 0) playlistsChanged = (await registerPlaylists(d.db, gen, await statAll(lists))) || playlistsChanged;
    await renewLease(d.db, d.owner);
    progress();
  };

  try {
    let files: PendingFile[] = [];
    let lists: PendingFile[] = [];
    const walk = walkFolders(d.root, {
      signal: d.signal,
      onUnreadable: (rel, e) => {
        unreadable.push(rel);
        d.log.warn('folder unreadable, its songs are kept', { path: rel || '.', error: e });
      },
    });
    for await (const folder of walk) {
      const image = pickFolderImage(folder.images);
      const folderSig = image ? await imageSig(join(folder.abs, image), image) : '';
      const pending = (name: string): PendingFile => ({
        rel: relJoin(folder.rel, name), abs: join(folder.abs, name), dir: folder.rel, folderSig,
        folderImage: image ? join(folder.abs, image) : null,
      });
      for (const name of folder.audio) {
        files.push(pending(name));
        if (files.length >= d.batchSize) {
          await flush(files, []);
          files = [];
          if (d.signal.aborted) break;
        }
      }
      lists.push(...folder.playlists.map(pending));
      if (lists.length >= d.batchSize) {
        await flush([], lists);
        lists = [];
      }
      if (d.signal.aborted) break;
    }
    if (!d.signal.aborted) await flush(files, lists);
  } catch (e) {
    d.log.warn('music folder missing or unreadable; nothing removed', { path: d.root, error: e as Error });
    await releaseLease(d.db, d.owner, false);
    report.durationMs = d.now() - started;
    return report;
  }
  if (d.signal.aborted) {
    await releaseLease(d.db, d.owner, false);
    report.durationMs = d.now() - started;
    return report;
  }

  await keepUnreadable(d.db, gen, unreadable);
  const swept = await sweep(d.db, gen, dirty);
  report.removed = swept.tracks;
  if (dirty.size > 0) await regroupAlbums(d.db, dirty);
  report.changed = report.read > 0 || report.removed > 0 || playlistsChanged || swept.playlists > 0;
  if (report.changed) {
    await renewLease(d.db, d.owner);
    await refreshAggregates(d.db);
    await syncPlaylists(d.db, d.root, d.log);
    await deleteOrphanCovers(d.db, covers);
  }
  await releaseLease(d.db, d.owner, true);
  report.complete = true;
  report.durationMs = d.now() - started;
  d.onProgress?.({ ...report });
  return report;
}

export const rate = (r: ScanReport) => (r.durationMs > 0 ? Math.round((r.seen * 1000) / r.durationMs) : 0);

async function imageSig(abs: string, name: string): Promise<string> {
  try {
    const s = await stat(abs);
    return `${name}:${s.size}:${Math.trunc(s.mtimeMs)}`;
  } catch {
    return '';
  }
}

async function statAll(files: readonly PendingFile[]): Promise<(PlaylistFile & PendingFile)[]> {
  const out: (PlaylistFile & PendingFile)[] = [];
  await eachLimited(files, 16, async (f) => {
    try {
      const s = await stat(f.abs);
      out.push({ ...f, sizeBytes: s.size, mtimeMs: Math.trunc(s.mtimeMs) });
    } catch {
      // Gone since the folder was listed: not seen, so swept.
    }
  });
  return out;
}

type Outcome = { ok: true; track: ReadTrack } | { ok: false; file: PlaylistFile; message: string };

/**
 * One batch: stat the files, skip those unchanged since the last scan (and
 * unchanged files that failed before), read the rest, write them in one transaction.
 */
async function processBatch(
  d: ScanRunDeps,
  gen: number,
  covers: CoverStore,
  batch: readonly PendingFile[],
  report: ScanReport,
  dirty: Set<string>,
) {
  const files = await statAll(batch);
  report.seen += files.length;
  const paths = files.map((f) => f.rel);
  const known = new Map(
    (
      await d.db.query<{ path: string; id: string; size_bytes: number; mtime_ms: number; folder_sig: string }>(
        'select path, id, size_bytes, mtime_ms, folder_sig from tracks where path = any($1::text[])',
        [paths],
      )
    ).map((r) => [r.path, r]),
  );
  const failed = new Map(
    (
      await d.db.query<{ path: string; size_bytes: number; mtime_ms: number }>(
        'select path, size_bytes, mtime_ms from scan_errors where path = any($1::text[])',
        [paths],
      )
    ).map((r) => [r.path, r]),
  );
  const same = (r: { size_bytes: number; mtime_ms: number } | undefined, f: PlaylistFile) =>
    r !== undefined && r.size_bytes === f.sizeBytes && r.mtime_ms === f.mtimeMs;
  const unchanged: string[] = [];
  const stillBad: string[] = [];
  const toRead: (PendingFile & PlaylistFile)[] = [];
  for (const f of files) {
    const k = known.get(f.rel);
    if (same(k, f) && k!.folder_sig === f.folderSig) unchanged.push(f.rel);
    else if (!k && same(failed.get(f.rel), f)) stillBad.push(f.rel);
    else toRead.push(f);
  }
  if (unchanged.length > 0) {
    await d.db.query('update tracks set scan_gen = $1 where path = any($2::text[])', [gen, unchanged]);
  }
  if (stillBad.length > 0) {
    await d.db.query('update scan_errors set scan_gen = $1 where path = any($2::text[])', [gen, stillBad]);
  }
  report.skipped += unchanged.length + stillBad.length;
  if (toRead.length === 0) return;

  const outcomes: Outcome[] = [];
  await eachLimited(toRead, READ_CONCURRENCY, async (f) => {
    outcomes.push(await readOne(d, covers, f));
  });
  // Written in walk order, so ids given to copies of one file do not depend on read timing.
  const order = new Map(toRead.map((f, i) => [f.rel, i]));
  const key = (o: Outcome) => order.get(o.ok ? o.track.rel : o.file.rel)!;
  outcomes.sort((a, b) => key(a) - key(b));
  await d.db.transaction(async (tx) => {
    for (const o of outcomes) {
      if (o.ok) {
        const { moved } = await writeTrack(tx, d.root, gen, o.track, known.get(o.track.rel)?.id);
        if (moved) report.moved++;
      } else {
        await recordError(tx, gen, o.file, o.message);
      }
    }
  });
  for (const f of toRead) dirty.add(f.dir);
  report.read += toRead.length;
  for (const o of outcomes) {
    if (o.ok) continue;
    report.errors++;
    d.log.warn('file skipped: cannot be read', { path: o.file.rel, error: o.message });
  }
}

async function readOne(d: ScanRunDeps, covers: CoverStore, f: PendingFile & PlaylistFile): Promise<Outcome> {
  try {
    const audio = await d.readAudio(f.abs, f.sizeBytes);
    let coverId: string | null = null;
    let coverSource: ReadTrack['coverSource'] = null;
    if (audio.picture) {
      coverId = await covers.save(audio.picture.data, f.rel);
      if (coverId) coverSource = 'embedded';
    }
    if (!coverId && f.folderImage) {
      coverId = await covers.saveFile(f.folderImage);
      if (coverId) coverSource = 'folder';
    }
    // The picture is not kept past this point: memory holds one batch of tags, not of images.
    audio.picture = null;
    return {
      ok: true,
      track: { rel: f.rel, dir: f.dir, sizeBytes: f.sizeBytes, mtimeMs: f.mtimeMs, folderSig: f.folderSig, audio, coverId, coverSource },
    };
  } catch (e) {
    return { ok: false, file: f, message: e instanceof Error ? e.message : String(e) };
  }
}
