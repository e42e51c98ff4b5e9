import type { BitrateKbps } from '@lyra/contracts/ids';

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
export const RECIPE_VERSION = 1;

export interface SourceAudio {
  sampleRate: number | null;
  channels: number | null;
}

export function encoderArgs(kbps: BitrateKbps, source: SourceAudio): string[] {
  const args = ['-c:a', 'aac', '-b:a', `${kbps}k`];
  if (kbps === 12) return [...args, '-ac', '1', '-ar', '22050'];
  if (source.channels != null && source.channels > 2) args.push('-ac', '2');
  if (source.sampleRate != null && source.sampleRate > 48_000) args.push('-ar', '48000');
  if (kbps === 320) args.push('-aac_coder', 'fast');
  return args;
}

/** Tags written into the file, so a downloaded song still says what it is. */
export interface Tags {
  title: string;
  artist: string | null;
  album: string | null;
}

/**
 * The whole ffmpeg command line for one transcode. One encode feeds two muxers
 * (the `tee` muxer):
 * - stdout: fragmented MP4 for the listeners waiting now. On a pipe only
 *   `empty_moov+default_base_moof` with `-frag_duration` gives a stream that
 *   decodes; `frag_keyframe` on audio writes one giant fragment that does not.
 * - `cacheFile`: a plain MP4 with the index up front (`faststart`), which has a
 *   known duration and seeks well, for every later play.
 */
export function ffmpegArgs(input: string, cacheFile: string, kbps: BitrateKbps, source: SourceAudio, tags: Tags): string[] {
  const meta = (key: string, value: string | null) => (value ? ['-metadata', `${key}=${value}`] : []);
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel', 'error',
    // `file:` stops a name with a colon being read as a protocol; nothing else may be opened.
    '-protocol_whitelist', 'file,pipe',
    '-i', `file:${input}`,
    '-map', '0:a:0',
    '-vn', '-sn', '-dn',
    '-map_metadata', '-1',
    ...meta('title', tags.title),
    ...meta('artist', tags.artist),
    ...meta('album', tags.album),
    ...encoderArgs(kbps, source),
    '-f', 'tee',
    `[f=mp4:movflags=empty_moov+default_base_moof:frag_duration=1000000]pipe\\:1|[f=mp4:movflags=+faststart]file\\:${teeEscape(cacheFile)}`,
  ];
}

/** The tee muxer splits slaves on `|`, reads `[...]` as options and `'`/`\\` as quoting. */
function teeEscape(path: string): string {
  return path.replace(/[\\:|[\]']/g, (c) => '\\' + c);
}
