import type { ReplayGain } from '@lyra/contracts/catalogue';

/**
 * Volume normalisation (ReplayGain 2): off, each song at the reference
 * loudness ('track'), albums kept as mastered ('album'), or 'auto': album
 * gain while an album plays in order, track gain otherwise. The default, as
 * the best players do.
 */
export const LOUDNESS_MODES = ['off', 'track', 'album', 'auto'] as const;
export type LoudnessMode = (typeof LOUDNESS_MODES)[number];
export const DEFAULT_LOUDNESS_MODE: LoudnessMode = 'auto';

export const isLoudnessMode = (v: unknown): v is LoudnessMode => typeof v === 'string' && (LOUDNESS_MODES as readonly string[]).includes(v);

/** Songs without a figure yet (or from a mirror that sends none) play as they are. */
const UNITY = 1;

interface QueueSong {
  album?: { id?: string | null } | null;
  replayGain?: ReplayGain | null;
}

/** True when the song at `index` sits between songs of its own album: an album played in order. */
export function playingAlbumInOrder(queue: readonly QueueSong[], index: number): boolean {
  const album = queue[index]?.album?.id;
  if (!album) return false;
  return queue[index - 1]?.album?.id === album || queue[index + 1]?.album?.id === album;
}

/**
 * The linear gain for a song: 10^(dB/20) of the chosen gain, lowered so the
 * song's peak never goes past full scale (no clipping, no limiter needed).
 */
export function normalisationGain(song: QueueSong | undefined, mode: LoudnessMode, albumInOrder: boolean): number {
  const rg = song?.replayGain;
  if (mode === 'off' || !rg) return UNITY;
  const useAlbum = (mode === 'album' || (mode === 'auto' && albumInOrder)) && rg.albumGain != null;
  const db = useAlbum ? rg.albumGain! : rg.trackGain;
  const peak = (useAlbum ? rg.albumPeak : rg.trackPeak) ?? null;
  const gain = 10 ** (db / 20);
  const ceiling = peak && peak > 0 ? 1 / peak : Number.POSITIVE_INFINITY;
  return Math.round(Math.min(gain, ceiling) * 1e4) / 1e4;
}
