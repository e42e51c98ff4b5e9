import type { BitrateKbps } from '@lyra/contracts/ids';
import type { AudioFormat } from './media-paths.js';

/**
 * How each tier is encoded: AAC-LC in MP4 (catalogue-api.md §2.2), the only
 * AAC profile Debian's ffmpeg can write (no libfdk_aac, so no HE-AAC).
 *
 * - 12 kbps: mono at 22.05 kHz. Stereo 44.1 kHz AAC-LC cannot get down to
 *   12 kbps with the default coder (it overshoots to ~21 kbps), and at this
 *   rate one clean channel sounds better than two starved ones.
 * - 320 kbps: the `fast` coder, because the default `twoloop` coder
 *   undershoots high targets (~260-300 kbps) and takes 2.5x longer.
 * - Sources above 48 kHz or with more than two channels are brought down to
 *   48 kHz stereo: AAC-LC spends its bits badly on either.
 *
 * Bump RECIPE_VERSION whenever these arguments change: it is part of the
 * cache key, so old encodings are replaced instead of served.
 */
export const RECIPE_VERSION = 2;

export interface SourceAudio {
  sampleRate: number | null;
  channels: number | null;
}

export function encoderArgs(kbps: BitrateKbps, source: SourceAudio, format: AudioFormat = 'aac'): string[] {
  if (format === 'mp3') return mp3EncoderArgs(kbps, source);
  const args = ['-c:a', 'aac', '-b:a', `${kbps}k`];
  if (kbps === 12) return [...args, '-ac', '1', '-ar', '22050'];
  if (source.channels != null && source.channels > 2) args.push('-ac', '2');
  if (source.sampleRate != null && source.sampleRate > 48_000) args.push('-ar', '48000');
  if (kbps === 320) args.push('-aac_coder', 'fast');
  return args;
}

/**
 * MP3 tiers (Subsonic's `format=mp3`), LAME at the tier's bitrate, constant except at 12 kbps:
 * no MPEG layer III rate is 12, so that tier is mono 22.05 kHz at an average of 12 kbps (`-abr`), where
 * plain CBR would fall to 8. LAME takes at most 48 kHz and two channels.
 */
function mp3EncoderArgs(kbps: BitrateKbps, source: SourceAudio): string[] {
  const args = ['-c:a', 'libmp3lame', '-b:a', `${kbps}k`];
  if (kbps === 12) return [...args, '-abr', '1', '-ac', '1', '-ar', '22050'];
  if (source.channels != null && source.channels > 2) args.push('-ac', '2');
  if (source.sampleRate != null && source.sampleRate > 48_000) args.push('-ar', '48000');
  return args;
}

/** The sample rate a tier is written at (the source's, capped as encoderArgs does; 48 kHz when unknown). */
export function outputSampleRate(kbps: BitrateKbps, source: SourceAudio): number {
  if (kbps === 12) return 22_050;
  if (source.sampleRate == null) return 48_000;
  return Math.min(source.sampleRate, 48_000);
}

/**
 * Gapless playback: the AAC encoder starts every file with 1024
 * samples of priming and pads its last frame. Both MP4s carry an edit list
 * that tells the decoder to drop them, so a song decodes to exactly the
 * source's samples (Chromium honours it in `<audio>` and decodeAudioData):
 * - the movie timescale is the sample rate: at the default 1000 the edit's
 *   length is rounded to whole milliseconds, cutting up to 44 samples off the end;
 * - the live stream uses `delay_moov` rather than `empty_moov`: its header is
 *   written once the first fragment is encoded, when the priming is known, so
 *   it gets the edit list that `empty_moov` leaves out.
 */
function mp4Options(kbps: BitrateKbps, source: SourceAudio): string {
  return `movie_timescale=${outputSampleRate(kbps, source)}`;
}

/** What an ffmpeg build can do beyond the oldest one we run (an npm-shipped 2018 snapshot). */
export interface FfmpegFeatures {
  /** The mp4 muxer's `movie_timescale` (ffmpeg 4.3 and later). */
  movieTimescale: boolean;
}

/** The command line for an ffmpeg without some features: their options are left out. */
export function forFfmpeg(args: readonly string[], features: FfmpegFeatures): string[] {
  if (features.movieTimescale) return [...args];
  return args.map((a) => a.replace(/:movie_timescale=\d+/g, ''));
}

/** Reads the features from `ffmpeg -h muxer=mp4`'s output. */
export const ffmpegFeatures = (mp4MuxerHelp: string): FfmpegFeatures => ({
  movieTimescale: mp4MuxerHelp.includes('movie_timescale'),
});

/** Tags written into the file, so a downloaded song still says what it is. */
export interface Tags {
  title: string;
  artist: string | null;
  album: string | null;
}

/**
 * What every ffmpeg run of the media module starts with: no banner, no stdin, errors only, and
 * only files and pipes may be opened (`file:` before a name stops a colon being read as a protocol).
 */
export const QUIET_FILES_ONLY: readonly string[] = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-protocol_whitelist', 'file,pipe'];

/**
 * The whole ffmpeg command line for one transcode. One encode feeds two muxers
 * (the `tee` muxer):
 * - stdout: fragmented MP4 for the listeners waiting now. On a pipe only
 *   `default_base_moof` with `-frag_duration` (and `empty_moov` or `delay_moov`)
 *   gives a stream that decodes; `frag_keyframe` on audio writes one giant
 *   fragment that does not.
 * - `cacheFile`: a plain MP4 with the index up front (`faststart`), which has a
 *   known duration and seeks well, for every later play.
 */
export function ffmpegArgs(input: string, cacheFile: string, kbps: BitrateKbps, source: SourceAudio, tags: Tags, format: AudioFormat = 'aac'): string[] {
  const meta = (key: string, value: string | null) => (value ? ['-metadata', `${key}=${value}`] : []);
  return [
    ...QUIET_FILES_ONLY,
    '-i', `file:${input}`,
    '-map', '0:a:0',
    '-vn', '-sn', '-dn',
    '-map_metadata', '-1',
    ...meta('title', tags.title),
    ...meta('artist', tags.artist),
    ...meta('album', tags.album),
    ...encoderArgs(kbps, source, format),
    '-f', 'tee',
    format === 'mp3'
      ? // MP3 needs no index: the same frames go to both (the file also gets LAME's header, with the gapless delays).
        `[f=mp3]pipe\\:1|[f=mp3]file\\:${teeEscape(cacheFile)}`
      : `[f=mp4:movflags=delay_moov+default_base_moof:frag_duration=1000000:${mp4Options(kbps, source)}]pipe\\:1|` +
        `[f=mp4:movflags=+faststart:${mp4Options(kbps, source)}]file\\:${teeEscape(cacheFile)}`,
  ];
}

/**
 * A cached tier from `offsetS` on, without encoding (Subsonic's `timeOffset` on a cached tier):
 * `-ss` before the input seeks to the packet at the offset (an AAC or MP3 frame, some 25 ms) and
 * the packets are copied from there, their times counted from 0. MP4 goes out fragmented, as a
 * pipe needs; MP3 as it is.
 */
export function cutArgs(cached: string, format: AudioFormat, offsetS: number): string[] {
  return [
    ...QUIET_FILES_ONLY,
    '-ss', offsetS.toFixed(3),
    '-i', `file:${cached}`,
    '-map', '0:a:0',
    '-c', 'copy',
    ...(format === 'mp3'
      ? ['-f', 'mp3', 'pipe:1']
      : ['-f', 'mp4', '-movflags', 'empty_moov+default_base_moof', '-frag_duration', '1000000', 'pipe:1']),
  ];
}

/** The tee muxer splits slaves on `|`, reads `[...]` as options and `'`/`\\` as quoting. */
function teeEscape(path: string): string {
  return path.replace(/[\\:|[\]']/g, (c) => '\\' + c);
}
