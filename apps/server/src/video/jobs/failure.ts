import { VideoError } from '../previews.js';
import { RenderError } from '../render/renderer.js';
import { FfmpegError } from '../render/run-ffmpeg.js';

/** What the requester reads on a failed request when ffmpeg itself failed (its words name server paths). */
export const DECODE_FAILED = "the song's audio could not be rendered (the file may be damaged)";

/**
 * The error recorded on a VideoRequest, which its requester can read: our own
 * messages as they are, ffmpeg's own words (with server paths in them) only
 * in the server's log and job table.
 */
export function publicFailure(e: unknown): string {
  if (e instanceof VideoError || e instanceof RenderError) return e.message;
  if (e instanceof FfmpegError) return DECODE_FAILED;
  return 'internal error';
}

export const failureDetail = (e: unknown): string => (e instanceof Error ? e.message : String(e));
