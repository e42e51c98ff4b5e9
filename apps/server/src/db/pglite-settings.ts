/**
 * How the embedded database is started: PostgreSQL's own memory settings, sized for a music server
 * that may run on a 1 GB machine. PostgreSQL's defaults are a dedicated database server's: 128 MB
 * of shared buffers, all of it touched in PGlite's WebAssembly heap, which never shrinks, once a
 * scan has gone through as many pages. With 16 MB, a page that is not held is read again from the
 * operating system's file cache (PGlite runs without fsync), not the disk.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  // One session lives in the process: each allowed connection reserves shared memory.
  max_connections: '4',
  wal_buffers: '1MB',
  temp_buffers: '4MB',
  // Sorts and hashes of one query; an index build (first scan, migrations) may use more.
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
};

/**
 * PGlite's start parameters (`defaults`: its own, `PGlite.defaultStartParams`) with
 * PGLITE_SETTINGS after them (a later `-c` wins).
 */
export function pgliteStartParams(defaults: readonly string[], settings: Readonly<Record<string, string>> = PGLITE_SETTINGS): string[] {
  return [...defaults, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

/** The folder name of a freshly initialised data folder made at build time for this PGlite version. */
export const templateName = (pgliteVersion: string) => `pglite-initdb-${pgliteVersion}`;

/**
 * V8's flag for PGlite's WebAssembly, set on its thread before the module is compiled (V8's flags
 * are the process's: nothing else here runs WebAssembly). PostgreSQL's code stays on V8's baseline
 * compiler: optimising its hot functions in the background took about 80 MB that is never given back,
 * and on two busy cores made a first scan of 5,000 files slower, not faster (the optimising compiler
 * competes with the scan for the cores).
 */
export const PGLITE_V8_FLAGS = '--liftoff-only';

/**
 * The database thread's JavaScript heap: its young generation (where each query's rows and
 * messages are made and die) at V8's default grows to 48 MB and stays resident; 4 MB is plenty
 * for rows that are handed to the event loop at once (the same holds on the event loop: `npm start`
 * runs Node with --max-semi-space-size=1).
 */
export const PGLITE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4 } as const;
