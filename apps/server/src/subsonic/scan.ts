import type { Methods } from './call.js';

/** Whether the catalogue's scanner runs, what the scan under way has seen and how many songs the catalogue holds. */
export type ScanStatusSource = () => Promise<{ scanning: boolean; tracks: number; progress: { seen: number } | null }>;

/** Starts (or joins) a scan of the music folder, full or quick (only folders that changed); the status once it runs. */
export type ScanStarter = (mode: 'full' | 'quick') => ReturnType<ScanStatusSource>;

/**
 * getScanStatus, for anyone signed in: `count` is the files the scan under way has seen, else the songs
 * the catalogue holds. startScan is an administrator's call (users.ts).
 */
export const scanMethods = (scanStatus: ScanStatusSource): Methods => ({
  async getScanStatus() {
    const s = await scanStatus();
    return { scanStatus: { scanning: s.scanning, count: s.progress?.seen ?? s.tracks } };
  },
});
