import type { Deps } from '../../module.js';

export interface ScanStatus {
  scanning: boolean;
  tracks: number;
  albums: number;
  artists: number;
  playlists: number;
  /** Files that could not be decoded (skipped and reported). */
  errors: number;
  lastScanAt: string | null;
}

export interface ScanReport {
  seen: number;
  read: number;
  skipped: number;
  removed: number;
  errors: number;
  durationMs: number;
}

/** Walks MUSIC_DIR into the catalogue tables; incremental, watched, bounded in memory. */
export interface Scanner {
  start(): Promise<void>;
  stop(): Promise<void>;
  rescan(): Promise<ScanReport>;
  status(): Promise<ScanStatus>;
  /** Called after every scan that changed the catalogue (curated playlists refresh on it). */
  onScanned(listener: (report: ScanReport) => void | Promise<void>): () => void;
}

export function createScanner(_deps: Deps): Scanner {
  const empty: ScanReport = { seen: 0, read: 0, skipped: 0, removed: 0, errors: 0, durationMs: 0 };
  return {
    start: async () => {},
    stop: async () => {},
    rescan: async () => empty,
    status: async () => ({ scanning: false, tracks: 0, albums: 0, artists: 0, playlists: 0, errors: 0, lastScanAt: null }),
    onScanned: () => () => {},
  };
}
