import { RENDER, type VideoFormat } from '../formats.js';

/** What a preview is made from: the song's audio and its cover (null = the default background). */
export interface PreviewSource {
  audioPath: string;
  coverPath: string | null;
  /** The song's duration; the preview is cut to it. Null when the catalogue does not know it. */
  durationS: number | null;
}

export interface RenderOutput {
  format: VideoFormat;
  path: string;
}

/** Background when a song has no cover: the app's dark indigo (the default logo's colour). */
export const DEFAULT_BACKGROUND = '0x1e1b4b';

const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/**
 * One thread everywhere: with `-threads 1` on each encoder and on the filter
 * graph a render occupies about one core, so audio transcodes keep the other.
 */
const ONE_THREAD_FILTERS = ['-filter_threads', '1', '-filter_complex_threads', '1'];

/** Encoder settings per container, tuned for speed on a small machine (bench/video.mjs). */
export function encoderArgs(format: VideoFormat): string[] {
  const gop = String(RENDER.fps * RENDER.keyframeEveryS);
  if (format === 'mp4') {
    return [
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-profile:v', 'main',
      '-pix_fmt', 'yuv420p', '-g', gop, '-threads', '1', '-movflags', '+faststart', '-f', 'mp4',
    ];
  }
  // VP9 in realtime mode at its fastest speed costs about what x264 veryfast does.
  return [
    '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '0',
    '-crf', '38', '-b:v', '600k', '-pix_fmt', 'yuv420p', '-g', gop, '-threads', '1', '-f', 'webm',
  ];
}

/**
 * The filter graph's last label is split once per output, so one process
 * decodes and draws each frame once and encodes it for every container.
 */
function outputArgs(last: string, outputs: readonly RenderOutput[], durationS: number | null): {
  tail: string;
  args: string[];
} {
  if (outputs.length === 0) throw new Error('no output format');
  const labels = outputs.map((_, i) => `[v${i}]`);
  const tail = outputs.length === 1 ? `${last}[v0]` : `${last},split=${outputs.length}${labels.join('')}`;
  const args = outputs.flatMap((o, i) => [
    '-map', labels[i]!, '-an', '-sn', '-dn',
    ...(durationS != null ? ['-t', durationS.toFixed(3)] : []),
    ...encoderArgs(o.format),
    o.path,
  ]);
  return { tail, args };
}

/**
 * The cover (scaled and cropped to a square, darkened at the bottom) with a
 * moving spectrum of the song drawn over its lower band. Silent: the player
 * takes sound from the song's own stream.
 */
export function previewArgs(src: PreviewSource, outputs: readonly RenderOutput[]): string[] {
  const { sizePx: size, fps, bandPx: band } = RENDER;
  // The cover is decoded and scaled once, then its one frame repeated (the
  // `loop` filter), which costs a fraction of re-reading the image per frame.
  const background = src.coverPath
    ? ['-framerate', String(fps), '-i', src.coverPath]
    : ['-f', 'lavfi', '-i', `color=c=${DEFAULT_BACKGROUND}:s=${size}x${size}:r=${fps}`];
  const still = src.coverPath ? `,loop=loop=-1:size=1:start=0,setpts=N/${fps}/TB` : '';
  const out = outputArgs('[bg][band]overlay=0:H-h:shortest=1:format=yuv420,format=yuv420p', outputs, src.durationS);
  const graph = [
    `[0:v]scale=${size}:${size}:force_original_aspect_ratio=increase,crop=${size}:${size},setsar=1,` +
      `drawbox=y=ih-${band}:w=iw:h=${band}:color=black@0.45:t=fill,format=yuv420p${still}[bg]`,
    // Options every ffmpeg build has (the 2018 static one some installs fall back to has no
    // `rate`, and spells win_size differently): the default 2048-sample window, half
    // overlapped. The overlay takes the video's rate from the background (an `fps` filter
    // here stalls Debian's ffmpeg 5.1).
    `[1:a]showfreqs=s=${size}x${band}:mode=bar:ascale=log:fscale=log:overlap=0.5:colors=white,` +
      'format=yuva420p,colorchannelmixer=aa=0.85[band]',
    // shortest=1: the picture ends with the audio, also when the duration is unknown.
    out.tail,
  ].join(';');
  return [...QUIET, ...background, '-i', src.audioPath, '-filter_complex', graph, ...ONE_THREAD_FILTERS, ...out.args];
}

/**
 * A music video attached by an admin, re-encoded like a preview: same codecs,
 * fitted into the preview box keeping its aspect ratio, silent.
 */
export function musicVideoArgs(videoPath: string, outputs: readonly RenderOutput[]): string[] {
  const { maxVideoWidthPx: w, maxVideoHeightPx: h, fps } = RENDER;
  // Even dimensions (yuv420p needs them), by a second scale: `force_divisible_by` is newer
  // than the 2018 static ffmpeg some installs fall back to.
  const fit =
    `[0:v:0]scale=${w}:${h}:force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2,` +
    `setsar=1,fps=${fps},format=yuv420p`;
  const out = outputArgs(fit, outputs, null);
  return [...QUIET, '-i', videoPath, '-filter_complex', out.tail, ...ONE_THREAD_FILTERS, ...out.args];
}
