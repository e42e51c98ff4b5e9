import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { ITag } from 'music-metadata';
import { ebur128Args, gainFor, gainFromR128, parseEbur128Summary, REFERENCE_LUFS } from './ebur128.js';

/** Below audio transcodes and preview renders: nobody waits for a loudness figure. */
export const LOUDNESS_NICENESS = 19;

export interface TrackLoudness {
  origin: 'tags' | 'measured';
  lufs: number | null;
  trackGainDb: number | null;
  trackPeak: number | null;
  albumGainDb: number | null;
  albumPeak: number | null;
}

const rounded = (x: number) => Math.round(x * 100) / 100;

/**
 * Loudness from the file's tags, null without a track gain: ReplayGain tags
 * (ID3 TXXX, Vorbis comments, MP4 atoms, APE) as music-metadata reads them,
 * and Opus's R128_TRACK_GAIN / R128_ALBUM_GAIN comments, which win where a
 * file has both (RFC 7845 §5.2.1: an Opus file should carry no ReplayGain
 * gains, the R128 ones are the format's own). R128 tags give no peak: the
 * ReplayGain peaks are taken when present.
 *
 * The output gain in an Opus header is not added: R128 gains are relative to
 * it, and every decoder applies it (RFC 7845 §5.1), so it is already in what
 * plays, whether ffmpeg transcodes or measures the file or a browser plays
 * it as it is. (music-metadata reads that header but does not report the gain.)
 */
export async function loudnessFromTags(file: string): Promise<TrackLoudness | null> {
  // Loaded at its first use rather than with the server.
  const { parseFile } = await import('music-metadata');
  const { common, native } = await parseFile(file, { duration: false, skipCovers: true });
  const r128 = r128Gains(native.vorbis ?? []);
  const gain = r128.track ?? common.replaygain_track_gain?.dB;
  if (gain == null || !Number.isFinite(gain)) return null;
  const albumGain = r128.album ?? common.replaygain_album_gain?.dB;
  return {
    origin: 'tags',
    lufs: rounded(REFERENCE_LUFS - gain),
    trackGainDb: rounded(gain),
    trackPeak: common.replaygain_track_peak?.ratio ?? null,
    albumGainDb: albumGain != null && Number.isFinite(albumGain) ? rounded(albumGain) : null,
    albumPeak: common.replaygain_album_peak?.ratio ?? null,
  };
}

/** The R128 gains among Vorbis comments (keys in any case; the first valid one of each), as ReplayGain gains. */
function r128Gains(comments: readonly ITag[]): { track?: number; album?: number } {
  const found: { track?: number; album?: number } = {};
  for (const { id, value } of comments) {
    if (typeof value !== 'string') continue;
    const key = id.toUpperCase();
    const which = key === 'R128_TRACK_GAIN' ? 'track' : key === 'R128_ALBUM_GAIN' ? 'album' : null;
    if (which) found[which] ??= gainFromR128(value) ?? undefined;
  }
  return found;
}

/** Integrated loudness and true peak measured by ffmpeg (about 200x real time, one thread, lowest priority). */
export function measureLoudness(ffmpeg: string, file: string, signal?: AbortSignal): Promise<TrackLoudness> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-threads', '1', ...ebur128Args(file)], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, LOUDNESS_NICENESS);
      } catch {
        // Not permitted here: normal priority.
      }
    }
    let err = '';
    child.stderr.on('data', (b: Buffer) => {
      err = (err + b.toString('utf8')).slice(-8192);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (e) => reject(new Error(`cannot run ffmpeg: ${e.message}`)));
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      const m = code === 0 ? parseEbur128Summary(err) : null;
      if (!m) return reject(new Error(err.trim().split('\n').slice(-2).join(' ') || `ffmpeg exited with ${code}`));
      resolve({
        origin: 'measured',
        lufs: m.lufs,
        trackGainDb: m.lufs == null ? null : gainFor(m.lufs),
        trackPeak: m.peak,
        albumGainDb: null,
        albumPeak: null,
      });
    });
  });
}
