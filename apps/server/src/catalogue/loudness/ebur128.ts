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

/** EBU R128's programme level, the reference of Opus's R128_*_GAIN tags. */
export const R128_REFERENCE_LUFS = -23;

/**
 * An Opus R128_TRACK_GAIN or R128_ALBUM_GAIN value as a ReplayGain 2 gain.
 * RFC 7845 §5.2.1: a decimal integer, Q7.8 fixed point in dB (1/256 dB
 * steps, 16 bits), that brings the track to -23 LUFS; ReplayGain aims at
 * -18 LUFS, 5 dB louder. Null for anything else.
 */
export function gainFromR128(value: string): number | null {
  const v = value.trim();
  if (!/^[+-]?\d{1,5}$/.test(v)) return null;
  const q78 = Number(v);
  if (q78 < -32768 || q78 > 32767) return null;
  return gainFor(R128_REFERENCE_LUFS - q78 / 256);
}

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
