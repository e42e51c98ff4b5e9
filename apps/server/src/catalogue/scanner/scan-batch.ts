import { stat } from 'node:fs/promises';
import type { CoverStore } from './cover-store.js';
import type { PlaylistFile } from './playlist-sync.js';
import type { ScanReport, ScanRunDeps } from './scan-run.js';
import { WITHOUT_TRIGGERS } from './deferred-upkeep.js';
import type { FirstScan } from './first-scan.js';
import { recordErrors, TAGS_VERSION, writeTracks, type ReadTrack } from './track-writer.js';

/** An audio or playlist file the walk found, with its folder's cover image. */
export interface PendingFile {
  rel: string;
  abs: string;
  dir: string;
  folderSig: string;
  folderImage: string | null;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A file at least this big whose disk blocks hold under an eighth of its size is mostly holes. */
const SPARSE_MIN_BYTES = 16 * 1024 ** 2;

/**
 * A sparse file (made by `truncate`, or a download not finished): reading it
 * gives zeros the parser may search for a long time, so a scan reads it last.
 */
export const mostlyHoles = (s: { size: number; blocks: number }) => s.size >= SPARSE_MIN_BYTES && s.blocks * 512 < s.size / 8;

export interface StattedFile extends PlaylistFile, PendingFile {
  mostlyHoles: boolean;
}

/**
 * Size and mtime of each file, in the given order; files gone since the listing (or no longer
 * plain files: a FIFO is never opened) are left out (and swept).
 */
export async function statAll(files: readonly PendingFile[]): Promise<StattedFile[]> {
  const out: (StattedFile | null)[] = files.map(() => null);
  const indexed = files.map((f, i) => [f, i] as const);
  await eachLimited(indexed, 16, async ([f, i]) => {
    try {
      const s = await stat(f.abs);
      if (s.isFile()) out[i] = { ...f, sizeBytes: s.size, mtimeMs: Math.trunc(s.mtimeMs), mostlyHoles: mostlyHoles(s) };
    } catch {
      // Not seen, so swept.
    }
  });
  return out.filter((f) => f !== null);
}

/** Songs written per transaction. */
const WRITE_CHUNK = 64;
/**
 * Songs written per transaction by a first scan (deferred-upkeep.ts): each statement's fixed cost
 * is shared by more rows, and without the triggers' upkeep a transaction stays short.
 */
const BULK_WRITE_CHUNK = 256;

type Outcome = { ok: true; track: ReadTrack } | { ok: false; file: PlaylistFile; message: string };

/** A batch after its lookups: the files to read, and the ids of the known ones. */
export interface CheckedBatch {
  /** The scan's generation. */
  gen: number;
  toRead: StattedFile[];
  knownIds: Map<string, string>;
}

/**
 * One batch, first step: stat the files, look up what the catalogue knows of
 * them, mark them seen, and keep the ones unchanged since the last scan (and
 * unchanged files that failed before); a file whose row an older scanner wrote
 * (tags_version) is read again. Only database lookups: the caller runs
 * it while no write is under way, then writes the previous batch while this
 * one is read (readBatch).
 */
export async function checkBatch(
  d: ScanRunDeps,
  gen: number,
  batch: readonly PendingFile[],
  report: ScanReport,
  /**
   * A first scan: the walk gives each path once, and every song in the catalogue is one it wrote,
   * so none is known, none is swept (nothing is marked seen), and a file has no error noted unless
   * some were as the scan began.
   */
  firstScan: FirstScan | null = null,
): Promise<CheckedBatch> {
  const files = await statAll(batch);
  report.seen += files.length;
  const paths = files.map((f) => f.rel);
  type KnownRow = { path: string; id: string; size_bytes: number; mtime_ms: number; folder_sig: string; tags_version: number };
  const known = new Map(
    (firstScan
      ? []
      : await d.db.query<KnownRow>(
          'select path, id, size_bytes, mtime_ms, folder_sig, tags_version from tracks where path = any($1::text[])',
          [paths],
        )
    ).map((r) => [r.path, r]),
  );
  const failed = new Map(
    (firstScan && !firstScan.errorsAtStart
      ? []
      : await d.db.query<{ path: string; size_bytes: number; mtime_ms: number }>(
          'select path, size_bytes, mtime_ms from scan_errors where path = any($1::text[])',
          [paths],
        )
    ).map((r) => [r.path, r]),
  );
  const same = (r: { size_bytes: number; mtime_ms: number } | undefined, f: PlaylistFile) =>
    r !== undefined && r.size_bytes === f.sizeBytes && r.mtime_ms === f.mtimeMs;
  const unchanged: string[] = [];
  const stillBad: string[] = [];
  const toRead: StattedFile[] = [];
  for (const f of files) {
    const k = known.get(f.rel);
    // A row read by an older version of the scanner lacks tags kept since (TAGS_VERSION): read again, once.
    if (same(k, f) && k!.folder_sig === f.folderSig && k!.tags_version >= TAGS_VERSION) unchanged.push(f.rel);
    else if (!k && same(failed.get(f.rel), f)) stillBad.push(f.rel);
    else toRead.push(f);
  }
  // Every file present is seen, whatever happens to it next (the sweep spares it). A first scan
  // sweeps no song: each is one it wrote.
  if (!firstScan) await d.db.query('insert into scan_seen (gen, path) select $1, unnest($2::text[]) on conflict do nothing', [gen, paths]);
  if (stillBad.length > 0) {
    await d.db.query('update scan_errors set scan_gen = $1 where path = any($2::text[])', [gen, stillBad]);
  }
  report.skipped += unchanged.length + stillBad.length;
  return { gen, toRead, knownIds: new Map([...known].map(([path, r]) => [path, r.id])) };
}

/**
 * One batch, second step: read the changed files on the tag-reading threads.
 * Resolves to the batch's write (transactions of WRITE_CHUNK songs), which the
 * caller runs once the previous write is done; writes run one at a time, in
 * walk order.
 */
export async function readBatch(
  d: ScanRunDeps,
  covers: CoverStore,
  { gen, toRead, knownIds }: CheckedBatch,
  report: ScanReport,
  dirty: Set<string>,
  /**
   * A first scan's writes: without triggers, in larger transactions (deferred-upkeep.ts), and
   * with the ids it has written kept here instead of looked up (track-writer.ts).
   */
  firstScan: FirstScan | null = null,
): Promise<() => Promise<void>> {
  const bulk = firstScan !== null;
  if (toRead.length === 0) return async () => {};
  const outcomes: Outcome[] = [];
  await eachLimited(toRead, d.readConcurrency, async (f) => {
    outcomes.push(await readOne(d, covers, f));
  });
  // Written in walk order, so ids given to copies of one file do not depend on read timing.
  const order = new Map(toRead.map((f, i) => [f.rel, i]));
  const key = (o: Outcome) => order.get(o.ok ? o.track.rel : o.file.rel)!;
  outcomes.sort((a, b) => key(a) - key(b));
  const good = outcomes.flatMap((o) => (o.ok ? [o.track] : []));
  const bad = outcomes.flatMap((o) => (o.ok ? [] : [{ ...o.file, message: o.message }]));
  for (const o of outcomes) {
    if (o.ok) continue;
    d.log.warn('file skipped: cannot be read', { path: o.file.rel, error: o.message });
  }
  return async () => {
    // Short transactions: on PGlite a search waits for the one under way.
    const chunk = bulk ? BULK_WRITE_CHUNK : WRITE_CHUNK;
    for (let i = 0; i < good.length; i += chunk) {
      const part = good.slice(i, i + chunk);
      await d.db.transaction(async (tx) => {
        if (bulk) await tx.query(WITHOUT_TRIGGERS);
        report.moved += await writeTracks(tx, d.root, gen, part, knownIds, firstScan ?? undefined);
      });
    }
    if (bad.length > 0) {
      const gone = await d.db.transaction((tx) => recordErrors(tx, gen, bad));
      report.removed += gone.length;
      if (gone.length > 0) d.onRemoved?.(gone);
    }
    for (const f of toRead) dirty.add(f.dir);
    report.read += toRead.length;
    report.errors += bad.length;
    for (const t of good) {
      if (knownIds.has(t.rel)) report.updated++;
      else report.added++;
    }
  };
}

async function readOne(d: ScanRunDeps, covers: CoverStore, f: StattedFile): Promise<Outcome> {
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
