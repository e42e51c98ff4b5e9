import type { Methods } from './call.js';
import { CODE, SubsonicError } from './errors.js';

/** Whether the catalogue's scanner runs, what the scan under way has seen and how many songs the catalogue holds. */
export type ScanStatusSource = () => Promise<{ scanning: boolean; tracks: number; progress: { seen: number } | null }>;

/** Starts (or joins) a scan of the music folder, full or quick (only folders that changed); the status once it runs. */
export type ScanStarter = (mode: 'full' | 'quick') => ReturnType<ScanStatusSource>;

/**
 * The library scan as Subsonic apps see it: getScanStatus for anyone signed in
 * (`count`: the files the scan under way has seen, else the songs the
 * catalogue holds), startScan for administrators only. Lyra's scans are
 * started by the folder watcher, the periodic quick scan and the owner
 * (`npm run admin -- scan`); there is no administrator among Subsonic users
 * yet, so startScan is error 50 for everyone.
 */
export const scanMethods = (scanStatus: ScanStatusSource): Methods => ({
  async getScanStatus() {
    const s = await scanStatus();
    return { scanStatus: { scanning: s.scanning, count: s.progress?.seen ?? s.tracks } };
  },
  startScan() {
    throw new SubsonicError(CODE.notAuthorized, 'Only the server owner can start a scan: npm run admin -- scan on the server');
  },
});
