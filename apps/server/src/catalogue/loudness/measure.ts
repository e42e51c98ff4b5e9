import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { parseFile } from 'music-metadata';
import { ebur128Args, gainFor, parseEbur128Summary, REFERENCE_LUFS } from './ebur128.js';

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

/** ReplayGain tags (ID3 TXXX, Vorbis comments, MP4 atoms, APE) as music-metadata reads them; null without a track gain. */
export async function loudnessFromTags(file: string): Promise<TrackLoudness | null> {
  const { common } = await parseFile(file, { duration: false, skipCovers: true });
  const gain = common.replaygain_track_gain?.dB;
  if (gain == null || !Number.isFinite(gain)) return null;
  return {
    origin: 'tags',
    lufs: rounded(REFERENCE_LUFS - gain),
    trackGainDb: rounded(gain),
    trackPeak: common.replaygain_track_peak?.ratio ?? null,
    albumGainDb: common.replaygain_album_gain?.dB != null ? rounded(common.replaygain_album_gain.dB) : null,
    albumPeak: common.replaygain_album_peak?.ratio ?? null,
  };
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
