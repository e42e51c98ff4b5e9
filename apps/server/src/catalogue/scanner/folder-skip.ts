import type { Db } from '../../db/db.js';
import type { WalkFolder } from './walk.js';

/**
 * Quick rescans (0102-scan-folders.sql): a folder whose mtime and entry count
 * are those the last completed scan saw has the same files as then, so its
 * files are not statted; they count as seen. A file rewritten in place (tags
 * edited without a rename) does not change its folder: the watcher names its
 * folder (`forced`), and a full scan stats every file.
 */
export interface FolderSig {
  mtimeMs: number;
  entries: number;
}

/** A skipped folder marks this many rows per statement. */
const CHUNK = 1000;

export interface FolderSkip {
  /** Whether the folder can be skipped; also records what this scan saw of it. */
  check(folder: WalkFolder): boolean;
  /** Marks a skipped folder as seen (its songs and error rows are spared by the sweep), in batches. */
  skip(folder: WalkFolder): Promise<void>;
  flush(): Promise<void>;
  /**
   * After a completed scan: keeps what it saw of each folder, and forgets folders
   * gone (those under a folder that could not be listed are forgotten too, so
   * they are statted in full once readable).
   */
  save(): Promise<void>;
}

export async function createFolderSkip(db: Db, gen: number, opts: { quick: boolean; forced: ReadonlySet<string> }): Promise<FolderSkip> {
  // Every folder of the library, as one JSON text: on PGlite, tens of thousands of rows come
  // back about ten times faster that way than row by row.
  const [row] = await db.query<{ folders: string }>(
    `select coalesce(json_agg(json_build_array(path, mtime_ms, entries)), '[]')::text as folders from scan_folders`,
  );
  const rows = JSON.parse(row!.folders) as [path: string, mtimeMs: number, entries: number][];
  const before = new Map<string, FolderSig>(rows.map(([path, mtimeMs, entries]) => [path, { mtimeMs: Number(mtimeMs), entries }]));
  const changed: (FolderSig & { path: string })[] = [];
  let dirs: string[] = [];

  const flush = async () => {
    if (dirs.length > 0) await db.query('update scan_folders set skip_gen = $1 where path = any($2::text[])', [gen, dirs]);
    dirs = [];
  };

  return {
    check(folder) {
      const was = before.get(folder.rel);
      before.delete(folder.rel);
      const same = was !== undefined && was.mtimeMs === folder.mtimeMs && was.entries === folder.entries;
      if (!same) changed.push({ path: folder.rel, mtimeMs: folder.mtimeMs, entries: folder.entries });
      return opts.quick && same && !opts.forced.has(folder.rel);
    },
    async skip(folder) {
      dirs.push(folder.rel);
      if (dirs.length >= CHUNK) await flush();
    },
    flush,
    async save() {
      await flush();
      for (let i = 0; i < changed.length; i += CHUNK) {
        const part = changed.slice(i, i + CHUNK);
        await db.query(
          `insert into scan_folders (path, mtime_ms, entries)
           select p, m::int8, e::int from unnest($1::text[], $2::text[], $3::text[]) as x(p, m, e)
           on conflict (path) do update set mtime_ms = excluded.mtime_ms, entries = excluded.entries`,
          [part.map((f) => f.path), part.map((f) => String(f.mtimeMs)), part.map((f) => String(f.entries))],
        );
      }
      const gone = [...before.keys()];
      for (let i = 0; i < gone.length; i += CHUNK) {
        await db.query('delete from scan_folders where path = any($1::text[])', [gone.slice(i, i + CHUNK)]);
      }
    },
  };
}
