import type { AudioQuality } from '@lyra/player-core/audio-quality';
import { local, readText, writeText, type StorageLike } from '../../shared/lib/storage.js';

/** Where the listener's choice is kept (this device only, like the streaming quality). */
export const DOWNLOAD_QUALITY_KEY = 'offlineQuality';

/** The qualities songs can be kept at offline: what sounds good on headphones, not the data-saving tiers. */
export const DOWNLOAD_QUALITIES = [
  { quality: '320kbps', label: 'High (320 kbps)', hint: 'Best sound, about 2.4 MB a minute' },
  { quality: '160kbps', label: 'Standard (160 kbps)', hint: 'Good sound, about 1.2 MB a minute' },
  { quality: '96kbps', label: 'Data saver (96 kbps)', hint: 'More songs in less space, about 0.7 MB a minute' },
] as const satisfies readonly { quality: AudioQuality; label: string; hint: string }[];

export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number]['quality'];

/** Good sound, a quarter of the 320 kbps size. */
export const DEFAULT_DOWNLOAD_QUALITY: DownloadQuality = '160kbps';

export const isDownloadQuality = (v: unknown): v is DownloadQuality => DOWNLOAD_QUALITIES.some((q) => q.quality === v);

/** The quality new downloads use; songs already kept stay as they were fetched. */
export function readDownloadQuality(storage: StorageLike | undefined = local()): DownloadQuality {
  const stored = readText(storage, DOWNLOAD_QUALITY_KEY);
  return isDownloadQuality(stored) ? stored : DEFAULT_DOWNLOAD_QUALITY;
}

export function writeDownloadQuality(quality: DownloadQuality, storage: StorageLike | undefined = local()): void {
  writeText(storage, DOWNLOAD_QUALITY_KEY, quality);
}
