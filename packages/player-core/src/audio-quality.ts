import type { DownloadLink } from '@lyra/contracts/catalogue';
import { DOWNLOAD_QUALITIES, type DownloadQuality } from '@lyra/contracts/ids';

/** SPEC#entities-audio-quality-levels: quality levels, indexed 0 to 4 like the catalogue's downloadUrl (the contract's list). */
export const AUDIO_QUALITIES = DOWNLOAD_QUALITIES;
export type AudioQuality = DownloadQuality;

/** SPEC#limits-player: default quality 320kbps (index 4). */
export const DEFAULT_QUALITY: AudioQuality = '320kbps';

export const isAudioQuality = (v: unknown): v is AudioQuality =>
  typeof v === 'string' && (AUDIO_QUALITIES as readonly string[]).includes(v);

/**
 * SPEC#states-audio-quality: a known stored quality is restored; anything else means the
 * default, which the caller then stores (`store: true`).
 */
export function resolveQuality(stored: string | null): { quality: AudioQuality; index: number; store: boolean } {
  const quality = isAudioQuality(stored) ? stored : DEFAULT_QUALITY;
  return { quality, index: AUDIO_QUALITIES.indexOf(quality), store: quality !== stored };
}

/** One entry of a song's downloadUrl as a mirror may send it: older mirrors name the address `link`. */
type LooseDownloadLink = Partial<Omit<DownloadLink, 'quality'>> & { quality?: string };

/**
 * The address to play at a quality: the entry with that label, else the
 * entry at the quality's index, else the best (last) one. Null when the song
 * has no playable address (catalogue-api.md §2.2: `[]` or legacy `false`).
 */
export function pickSourceUrl(
  downloadUrl: readonly LooseDownloadLink[] | false | null | undefined,
  quality: AudioQuality,
): string | null {
  if (!Array.isArray(downloadUrl) || downloadUrl.length === 0) return null;
  const address = (e: LooseDownloadLink | undefined) => e?.url ?? e?.link ?? null;
  const byLabel = downloadUrl.find((e) => e.quality === quality);
  return (
    address(byLabel) ??
    address(downloadUrl[AUDIO_QUALITIES.indexOf(quality)]) ??
    address(downloadUrl[downloadUrl.length - 1])
  );
}
