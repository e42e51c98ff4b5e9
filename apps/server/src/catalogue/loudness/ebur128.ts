/**
 * EBU R128 measurement with ffmpeg's `ebur128` filter, and the ReplayGain 2
 * arithmetic on top of it: the reference level is -18 LUFS, so a track's
 * gain is -18 minus its integrated loudness, and an album's loudness is the
 * energy mean of its tracks' (weighted by length).
 */
export const REFERENCE_LUFS = -18;

export function ebur128Args(input: string): string[] {
  return [
    '-hide_banner', '-nostats', '-nostdin',
    '-loglevel', 'info',
    '-protocol_whitelist', 'file,pipe',
    '-i', `file:${input}`,
    '-map', '0:a:0',
    // Per-frame lines at 'verbose', so only the summary is printed.
    '-af', 'ebur128=peak=true:framelog=verbose',
    '-f', 'null', '-',
  ];
}

export interface Measured {
  /** Integrated loudness, LUFS; null for silence (ffmpeg says -70 LUFS or -inf). */
  lufs: number | null;
  /** True peak, linear (1 = full scale); null when ffmpeg gives none. */
  peak: number | null;
}

/** Reads the summary ffmpeg prints at the end of an ebur128 run; null when there is none. */
export function parseEbur128Summary(stderr: string): Measured | null {
  const at = stderr.lastIndexOf('Summary:');
  if (at < 0) return null;
  const summary = stderr.slice(at);
  const i = /Integrated loudness:\s*\n\s*I:\s*(-?[\d.]+|-inf)\s*LUFS/.exec(summary);
  if (!i) return null;
  const p = /True peak:\s*\n\s*Peak:\s*(-?[\d.]+|-inf)\s*dBFS/.exec(summary);
  const lufs = i[1] === '-inf' ? null : Number(i[1]);
  const peakDb = p && p[1] !== '-inf' ? Number(p[1]) : null;
  return {
    lufs: lufs == null || lufs <= -70 ? null : lufs,
    peak: peakDb == null ? null : Math.round(10 ** (peakDb / 20) * 1e6) / 1e6,
  };
}

export const gainFor = (lufs: number): number => Math.round((REFERENCE_LUFS - lufs) * 100) / 100;

/** An album's loudness: the energy mean of its tracks' loudness, weighted by length. */
export function albumLufs(tracks: readonly { lufs: number; durationS: number }[]): number | null {
  let energy = 0;
  let total = 0;
  for (const t of tracks) {
    const w = t.durationS > 0 ? t.durationS : 1;
    energy += w * 10 ** (t.lufs / 10);
    total += w;
  }
  return total > 0 && energy > 0 ? 10 * Math.log10(energy / total) : null;
}
