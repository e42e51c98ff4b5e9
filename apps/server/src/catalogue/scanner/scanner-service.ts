import { randomUUID } from 'node:crypto';
import type { Deps } from '../../module.js';
import { createCoalescer } from './coalesce.js';
import { readAudioFile, type ReadAudio } from './read-audio.js';
import { rate, runScan, type ScanReport } from './scan-run.js';
import { lastScanAt, LEASE_SECONDS } from './scan-state.js';
import { watchMusic, type MusicWatcher } from './watcher.js';

export type { ScanReport } from './scan-run.js';

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
}

/** Walks MUSIC_DIR into the catalogue tables; incremental, watched, bounded in memory. */
export interface Scanner {
  /** Starts the first scan in the background (the server keeps serving) and the watcher. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Scans now; a call while a scan runs joins that scan. */
  rescan(): Promise<ScanReport>;
  isScanning(): boolean;
  status(): Promise<ScanStatus>;
  /** Called after every scan that changed the catalogue (curated playlists refresh on it). */
  onScanned(listener: (report: ScanReport) => void | Promise<void>): () => void;
  /** Resolves once the watcher (SCAN_WATCH=on) watches the whole tree. */
  watching(): Promise<void>;
}

export interface ScannerOptions {
  readAudio?: ReadAudio;
  batchSize?: number;
  /** Quiet time after the last file event before a watched change is scanned. */
  watchDebounceMs?: number;
  /** A steady stream of events still gets scanned this long after the first. */
  watchMaxWaitMs?: number;
  progressEveryMs?: number;
}

const IDLE: ScanReport = {
  seen: 0, read: 0, skipped: 0, moved: 0, removed: 0, errors: 0, durationMs: 0, complete: false, changed: false,
};

export function createScanner(deps: Deps, opts: ScannerOptions = {}): Scanner {
  const { config, db, now } = deps;
  const log = deps.log.child({ module: 'scanner' });
  const owner = randomUUID();
  const listeners = new Set<(report: ScanReport) => void | Promise<void>>();
  let current: Promise<ScanReport> | null = null;
  let progress: ScanReport | null = null;
  let lastReport: ScanReport | null = null;
  let abort = new AbortController();
  let stopped = false;
  let watcher: MusicWatcher | null = null;
  // Watched changes and lease retries: bursts of events become one scan.
  const newCoalescer = () =>
    createCoalescer({
      quietMs: opts.watchDebounceMs ?? 1_000,
      maxWaitMs: opts.watchMaxWaitMs ?? 30_000,
      now,
      running: () => current,
      run: () => rescan(),
    });
  let coalescer = newCoalescer();

  async function scanOnce(): Promise<ScanReport> {
    log.info('scan started', { music: config.MUSIC_DIR });
    const report = await runScan({
      db, log, now, owner,
      root: config.MUSIC_DIR,
      dataDir: config.DATA_DIR,
      readAudio: opts.readAudio ?? readAudioFile,
      signal: abort.signal,
      batchSize: opts.batchSize ?? 256,
      progressEveryMs: opts.progressEveryMs ?? 5_000,
      onProgress: (r) => (progress = r),
    });
    if (report === null) {
      log.info('another server instance is scanning; retrying later');
      coalescer.poke(LEASE_SECONDS * 1000);
      return { ...IDLE };
    }
    lastReport = report;
    const { durationMs, ...counts } = report;
    log.info(report.complete ? 'scan finished' : 'scan stopped', { ...counts, durationMs, filesPerSec: rate(report) });
    if (report.complete && report.changed) {
      for (const l of listeners) {
        try {
          await l(report);
        } catch (e) {
          log.error('scan listener failed', { error: e as Error });
        }
      }
    }
    return report;
  }

  function rescan(): Promise<ScanReport> {
    if (current) return current;
    if (stopped) return Promise.resolve({ ...IDLE });
    current = scanOnce()
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
      void rescan().catch(() => {});
      if (config.SCAN_WATCH === 'on' && !watcher) watcher = watchMusic(config.MUSIC_DIR, () => coalescer.poke(), log);
    },
    async stop() {
      stopped = true;
      coalescer.cancel();
      await watcher?.close();
      watcher = null;
      abort.abort();
      await current?.catch(() => {});
    },
    rescan,
    isScanning: () => current !== null,
    async status() {
      const [row] = await db.query<Omit<ScanStatus, 'scanning' | 'lastScanAt' | 'progress' | 'lastReport'>>(
        `select (select count(*)::int from tracks) as tracks, (select count(*)::int from albums) as albums,
                (select count(*)::int from artists) as artists, (select count(*)::int from playlists) as playlists,
                (select count(*)::int from scan_errors) as errors`,
      );
      return { scanning: current !== null, ...row!, lastScanAt: await lastScanAt(db), progress, lastReport };
    },
    onScanned(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watching: async () => watcher?.ready,
  };
}
