import { BITRATES_KBPS, type BitrateKbps, type ImageSize } from '@lyra/contracts/ids';
import type { Config } from '../config.js';

/**
 * The catalogue's own addresses for covers and audio. Absolute URLs are built
 * from PUBLIC_URL, or the request's own origin when it is unset (DESIGN §8).
 */
export const baseUrl = (config: Pick<Config, 'PUBLIC_URL'>, requestUrl: string): string =>
  (config.PUBLIC_URL ?? new URL(requestUrl).origin).replace(/\/+$/, '');

/** `coverId` null = the default logo. */
export const imagePath = (coverId: string | null, size: ImageSize): string =>
  `/images/${coverId ?? 'default'}/${size}.jpg`;

export const mediaPath = (trackId: string, kbps: BitrateKbps): string => `/media/${trackId}/${kbps}.mp4`;

export const LOSSLESS_CODECS = new Set(['flac', 'alac', 'pcm', 'wav', 'wavpack', 'ape']);

/**
 * The best tier worth making from a source: the smallest tier at or above the
 * source's own bitrate (no quality is invented above it); lossless or unknown
 * sources allow every tier. Requests above the ceiling are served the ceiling,
 * and the URL in `downloadUrl` already names it.
 */
export function ceilingTier(sourceKbps: number | null, codec: string | null): BitrateKbps {
  if (sourceKbps == null || (codec && LOSSLESS_CODECS.has(codec.toLowerCase()))) return 320;
  return BITRATES_KBPS.find((t) => t >= sourceKbps) ?? 320;
}

export const effectiveTier = (requested: BitrateKbps, ceiling: BitrateKbps): BitrateKbps =>
  requested > ceiling ? ceiling : requested;
