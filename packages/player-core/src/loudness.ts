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

/** Two songs of one album (a song without an album shares it with none). */
export const sameAlbum = (a: QueueSong | undefined, b: QueueSong | undefined): boolean =>
  !!a?.album?.id && a.album.id === b?.album?.id;

/** True when the song at `index` sits between songs of its own album: an album played in order. */
export function playingAlbumInOrder(queue: readonly QueueSong[], index: number): boolean {
  const song = queue[index];
  return sameAlbum(song, queue[index - 1]) || sameAlbum(song, queue[index + 1]);
}

/** The gain figure the mode picks for a song and its peak; null when the song plays as it is. */
function chosenGain(song: QueueSong | undefined, mode: LoudnessMode, albumInOrder: boolean): { db: number; peak: number | null } | null {
  const rg = song?.replayGain;
  if (mode === 'off' || !rg) return null;
  const useAlbum = (mode === 'album' || (mode === 'auto' && albumInOrder)) && rg.albumGain != null;
  return { db: useAlbum ? rg.albumGain! : rg.trackGain, peak: (useAlbum ? rg.albumPeak : rg.trackPeak) ?? null };
}

/**
 * The linear gain for a song: 10^(dB/20) of the chosen gain, lowered so the
 * song's peak never goes past full scale (no clipping, no limiter needed).
 */
export function normalisationGain(song: QueueSong | undefined, mode: LoudnessMode, albumInOrder: boolean): number {
  const chosen = chosenGain(song, mode, albumInOrder);
  if (!chosen) return UNITY;
  const gain = 10 ** (chosen.db / 20);
  const ceiling = chosen.peak && chosen.peak > 0 ? 1 / chosen.peak : Number.POSITIVE_INFINITY;
  return Math.round(Math.min(gain, ceiling) * 1e4) / 1e4;
}

/**
 * How close to full scale the song's loudest sample comes once its gain is
 * applied (0-1): the measured peak times the gain, or the gain alone when no
 * peak is known (the song may reach full scale). A crossfade reads it to keep
 * two songs' sum from clipping.
 */
export function normalisedPeak(song: QueueSong | undefined, mode: LoudnessMode, albumInOrder: boolean): number {
  const chosen = chosenGain(song, mode, albumInOrder);
  const peak = chosen ? chosen.peak : (song?.replayGain?.trackPeak ?? null);
  const gain = normalisationGain(song, mode, albumInOrder);
  return Math.min(1, gain * (peak != null && peak > 0 ? peak : 1));
}
