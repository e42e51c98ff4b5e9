import { randomUUID } from 'node:crypto';
import type { Deps } from '../../module.js';
import { createCoalescer } from './coalesce.js';
import { createParsePool } from './parse-pool.js';
import type { ReadAudio } from './read-audio.js';
import { emptyReport, rate, runScan, type ScanReport } from './scan-run.js';
import { lastScanAt, LEASE_SECONDS } from './scan-state.js';
import { watchMusic, type MusicWatcher, type WatchStatus } from './watcher.js';

export type { ScanReport } from './scan-run.js';
export type { WatchStatus } from './watcher.js';

export interface ScanStatus {
  scanning: boolean;
  tracks: number;
  albums: number;
  artists: number;
  playlists: number;
  /** Files that could not be decoded (skipped and reported). */
  errors: number;
  lastScanAt: string | null;
  /** Counts of the scan under way (null when idle). */
  progress: ScanReport | null;
  /** What the last finished scan did (null before the first one in this process). */
  lastReport: ScanReport | null;
  /** The watcher's folders and what it left out (SCAN_WATCH=on only). */
  watch?: WatchStatus;
}

/** What a completed scan changed, beyond its counts. */
export interface ScanChanges {
  /** The songs it removed from the catalogue (file deleted or no longer readable), by id. */
  removedSongs: readonly string[];
}

export type ScanListener = (report: ScanReport, changes: ScanChanges) => void | Promise<void>;

/** Walks MUSIC_DIR into the catalogue tables; incremental, watched, bounded in memory. */
export interface Scanner {
  /** Starts the first scan in the background (the server keeps serving) and the watcher. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Scans now; a call while a scan runs joins that scan. `full` (the default)
   * stats every file; `quick` skips folders whose mtime and entry count did not
   * change since the last completed scan (start-up, SCAN_INTERVAL_MINUTES and
   * watched changes scan quickly; the watcher names the folders it saw change).
   */
  rescan(mode?: ScanMode): Promise<ScanReport>;
  isScanning(): boolean;
  status(): Promise<ScanStatus>;
  /**
   * Called after every completed scan that changed the catalogue (curated playlists refresh
   * on it; the songs it removed are announced to open apps).
   */
  onScanned(listener: ScanListener): () => void;
  /**
   * Called after every completed scan, changed or not: a quick scan that saw only a folder change
   * (a sidecar .lrc added beside an unchanged song) changes no row, yet the background passes have work.
   */
  onCompleted(listener: () => void): () => void;
  /** Resolves once the watcher (SCAN_WATCH=on) watches the whole tree. */
  watching(): Promise<void>;
}

export type ScanMode = 'full' | 'quick';

export interface ScannerOptions {
  /** Reads tags in process instead of on the worker threads of parse-pool.ts (tests count reads with it). */
  readAudio?: ReadAudio;
  /** Tag-reading threads (default: one per core but one; a scan reading few files starts none, parse-pool.ts). */
  parseThreads?: number;
  batchSize?: number;
  /** Quiet time after the last file event before a watched change is scanned. */
  watchDebounceMs?: number;
  /** A steady stream of events still gets scanned this long after the first. */
  watchMaxWaitMs?: number;
  /** Folders the watcher watches at most (default MAX_WATCHED_FOLDERS, watcher.ts). */
  watchMaxFolders?: number;
  progressEveryMs?: number;
}

export function createScanner(deps: Deps, opts: ScannerOptions = {}): Scanner {
  const { config, db, now } = deps;
  const log = deps.log.child({ module: 'scanner' });
  const owner = randomUUID();
  const listeners = new Set<ScanListener>();
  const completedListeners = new Set<() => void>();
  let current: Promise<ScanReport> | null = null;
  let progress: ScanReport | null = null;
  let lastReport: ScanReport | null = null;
  let abort = new AbortController();
  let stopped = false;
  let watcher: MusicWatcher | null = null;
  let interval: NodeJS.Timeout | null = null;
  // Folders where the watcher saw a change since the last scan started (relative, '' = the root).
  let changedDirs = new Set<string>();
  // Watched changes and lease retries: bursts of events become one scan.
  const newCoalescer = () =>
    createCoalescer({
      quietMs: opts.watchDebounceMs ?? 1_000,
      maxWaitMs: opts.watchMaxWaitMs ?? 30_000,
      now,
      running: () => current,
      run: () => rescan('quick'),
    });
  let coalescer = newCoalescer();

  async function scanOnce(mode: ScanMode): Promise<ScanReport> {
    log.info('scan started', { music: config.MUSIC_DIR, mode });
    const forcedDirs = changedDirs;
    changedDirs = new Set();
    const pool = opts.readAudio ? null : createParsePool({ threads: opts.parseThreads });
    const removedSongs: string[] = [];
    // The folders named by the watcher wait for the next scan unless this one completes.
    const keepForced = () => forcedDirs.forEach((dir) => changedDirs.add(dir));
    const report = await runScan({
      db, log, now, owner,
      root: config.MUSIC_DIR,
      dataDir: config.DATA_DIR,
      readAudio: opts.readAudio ?? pool!.read,
      readConcurrency: pool?.concurrency ?? 4,
      full: mode === 'full',
      forcedDirs,
      signal: abort.signal,
      batchSize: opts.batchSize ?? 256,
      progressEveryMs: opts.progressEveryMs ?? 5_000,
      onProgress: (r) => (progress = r),
      onRemoved: (ids) => {
        for (const id of ids) removedSongs.push(id);
      },
    })
      .catch((e: unknown) => {
        keepForced();
        throw e;
      })
      .finally(() => pool?.close());
    if (report === null) {
      keepForced();
      log.info('another server instance is scanning; retrying later');
      coalescer.poke(LEASE_SECONDS * 1000);
      return emptyReport(mode === 'full');
    }
    if (!report.complete) keepForced();
    lastReport = report;
    const { durationMs, leftOut, ...counts } = report;
    log.info(report.complete ? 'scan finished' : 'scan stopped', { ...counts, leftOut: leftOut.length, durationMs, filesPerSec: rate(report) });
    if (report.complete && report.changed) {
      for (const l of listeners) {
        try {
          await l(report, { removedSongs });
        } catch (e) {
          log.error('scan listener failed', { error: e as Error });
        }
      }
    }
    if (report.complete) for (const l of completedListeners) l();
    return report;
  }

  function rescan(mode: ScanMode = 'full'): Promise<ScanReport> {
    if (current) return current;
    if (stopped) return Promise.resolve(emptyReport(mode === 'full'));
    current = scanOnce(mode)
      .catch((e: unknown) => {
        log.error('scan failed', { error: e as Error });
        throw e;
      })
      .finally(() => {
        current = null;
        progress = null;
      });
    return current;
  }

  return {
    async start() {
      if (stopped) {
        stopped = false;
        abort = new AbortController();
        coalescer = newCoalescer();
      }
      void rescan('quick').catch(() => {});
      if (config.SCAN_WATCH === 'on' && !watcher) {
        const onChange = (folder: string) => {
          changedDirs.add(folder);
          coalescer.poke();
        };
        watcher = watchMusic(config.MUSIC_DIR, onChange, log, {
          maxFolders: opts.watchMaxFolders,
          rescanMinutes: config.SCAN_INTERVAL_MINUTES,
        });
      }
      // Folders on a filesystem without change events (a network share) are seen by periodic quick scans.
      if (config.SCAN_INTERVAL_MINUTES > 0 && !interval) {
        interval = setInterval(() => void rescan('quick').catch(() => {}), config.SCAN_INTERVAL_MINUTES * 60_000);
        interval.unref();
      }
    },
    async stop() {
      stopped = true;
      coalescer.cancel();
      if (interval) clearInterval(interval);
      interval = null;
      await watcher?.close();
      watcher = null;
      abort.abort();
      await current?.catch(() => {});
    },
    rescan,
    isScanning: () => current !== null,
    async status() {
      // Whether a scan runs when asked: the counts below may wait behind the scan's own writes.
      const scanning = current !== null;
      const [row] = await db.query<Omit<ScanStatus, 'scanning' | 'lastScanAt' | 'progress' | 'lastReport'>>(
        `select (select count(*)::int from tracks) as tracks, (select count(*)::int from albums) as albums,
                (select count(*)::int from artists) as artists, (select count(*)::int from playlists) as playlists,
                (select count(*)::int from scan_errors) as errors`,
      );
      return { scanning, ...row!, lastScanAt: await lastScanAt(db), progress, lastReport, watch: watcher?.status() };
    },
    onScanned(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onCompleted(listener) {
      completedListeners.add(listener);
      return () => completedListeners.delete(listener);
    },
    watching: async () => watcher?.ready,
  };
}
