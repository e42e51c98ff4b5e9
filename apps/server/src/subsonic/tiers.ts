import { BITRATES_KBPS, IMAGE_SIZES, type BitrateKbps, type ImageSize } from '@lyra/contracts/ids';

/**
 * `maxBitRate` (kbps; 0 or absent = no limit) as one of the catalogue's audio
 * tiers: the best tier at or under the limit, the lowest one under 12 kbps.
 * The /media handler lowers it further to what the source is worth.
 */
export function tierFor(maxBitRate: number | null): BitrateKbps {
  if (maxBitRate == null || maxBitRate <= 0) return 320;
  return [...BITRATES_KBPS].reverse().find((t) => t <= maxBitRate) ?? BITRATES_KBPS[0];
}

/** `size` (px) as the nearest cover size the catalogue serves (500 when absent); a tie goes to the larger. */
export function imageSizeFor(size: number | null): ImageSize {
  if (size == null || size <= 0) return 500;
  let best: ImageSize = IMAGE_SIZES[0];
  for (const s of IMAGE_SIZES) if (Math.abs(s - size) <= Math.abs(best - size)) best = s;
  return best;
}
