/**
 * The preview files we make and serve. MP4/H.264 plays everywhere (Safari
 * included); WebM/VP9 is made too when this ffmpeg has libvpx-vp9. Previews are
 * silent: the player plays them muted and takes sound from the song's own
 * stream (SPEC#player-full-screen-blurred "looping muted video preview", SPEC#states-video-mode).
 */
export const VIDEO_FORMATS = ['mp4', 'webm'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];

export const VIDEO_MIME: Record<VideoFormat, string> = { mp4: 'video/mp4', webm: 'video/webm' };

export const isVideoFormat = (s: string): s is VideoFormat => (VIDEO_FORMATS as readonly string[]).includes(s);

/** `/videos/<songId>/preview.mp4`: the served address of a preview file. */
export const videoPath = (songId: string, format: VideoFormat): string =>
  `/videos/${encodeURIComponent(songId)}/preview.${format}`;

/**
 * Render settings chosen for a 2-core machine that is also streaming audio
 * (bench/video.mjs measures them): a square frame the player shows in place of
 * the cover, a modest frame rate, fast encoder presets, one thread.
 */
export const RENDER = {
  sizePx: 480,
  fps: 20,
  /** Height of the spectrum band drawn over the bottom of the cover. */
  bandPx: 150,
  /** A keyframe every 2 s so looping and resyncing seeks stay cheap. */
  keyframeEveryS: 2,
  /** Music videos attached by an admin keep their aspect ratio within this box. */
  maxVideoWidthPx: 854,
  maxVideoHeightPx: 480,
} as const;

/** A rendered preview may differ from the song's duration by at most this much (and is checked). */
export const DURATION_TOLERANCE_S = 1;
