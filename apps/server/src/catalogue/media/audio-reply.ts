import { stat } from 'node:fs/promises';
import type { BitrateKbps } from '@lyra/contracts/ids';
import type { Logger } from '../../log.js';
import { effectiveTier } from '../urls.js';
import { audioCachePath, pruneTier } from './audio-cache.js';
import { attachmentHeader } from '../../http/content-disposition.js';
import { servedFile, type FileRequest } from './file-reply.js';
import { GrowingFileStream } from './growing-file-stream.js';
import { sourceInside, type AudioTarget } from './media-paths.js';
import { offsetArgs, startOffsetStream } from './offset-stream.js';
import type { OpenFileCache } from './open-file-cache.js';
import { CORS_HEADERS, discard, errorReply, type Headers, type Reply } from './reply.js';
import { cutArgs, ffmpegArgs, type Tags } from './tiers.js';
import type { TrackLookup, TrackMedia } from './track-lookup.js';
import type { TranscodeJob } from './transcode-job.js';
import type { Transcoder } from './transcoder.js';

export interface AudioDeps {
  tracks: TrackLookup;
  transcoder: Transcoder;
  files: OpenFileCache;
  ffmpeg: string | null;
  musicDir: string;
  /** DATA_DIR/cache/audio */
  audioRoot: string;
  now: () => number;
  log: Logger;
  /** Listeners streaming from an offset right now (each is one ffmpeg), and the most allowed. */
  seeks: { active: number; readonly max: number };
}


/** Subsonic's offset on a cached tier: the tier is cut there (cutReply), not served whole. */
const cutsCached = (target: AudioTarget): boolean => target.timeOffsetS > 0 && target.seek === 'server' && !target.download;

/** An offset at or past the song's end is an error; an unknown length accepts any. */
function offsetPastEnd(target: AudioTarget, track: TrackMedia): Reply | null {
  if (target.timeOffsetS <= 0 || track.durationS == null || target.timeOffsetS < track.durationS) return null;
  return errorReply(400, `timeOffset ${target.timeOffsetS} is past the end of the song (${Math.floor(track.durationS)} s)`);
}

/**
 * A cached tier may change when its source file does (same URL, new cache key),
 * so it is revalidated daily rather than marked immutable.
 */
const CACHED = 'public, max-age=86400';

export interface AudioRequest extends FileRequest {
  /** Aborts when the client leaves; read only by requests that wait for a transcode. */
  readonly signal: AbortSignal;
}

/** What every audio reply says about itself (the tier actually sent, CORS, download name). */
function audioHeaders(track: TrackMedia, target: AudioTarget, kbps: BitrateKbps, cacheControl: string): Headers {
  const headers: Headers = {
    'access-control-allow-origin': CORS_HEADERS['access-control-allow-origin']!,
    'access-control-expose-headers': CORS_HEADERS['access-control-expose-headers']!,
    'content-type': target.format === 'mp3' ? 'audio/mpeg' : 'audio/mp4',
    'cache-control': cacheControl,
    'x-audio-bitrate': String(kbps),
    'x-audio-bitrate-requested': String(target.kbps),
  };
  if (target.download) headers['content-disposition'] = attachmentHeader(track.title, target.format === 'mp3' ? 'mp3' : 'mp4');
  return headers;
}

/**
 * The hot path, without a single await: a play is many Range requests for a
 * tier that is cached, of a track looked up a moment ago. Null when either is
 * not at hand; `audioReply` then takes the long way.
 */
export function cachedAudioReply(target: AudioTarget, req: FileRequest, deps: AudioDeps): Reply | null {
  const track = deps.tracks.peek(target.trackId);
  if (!track) return null;
  const pastEnd = offsetPastEnd(target, track);
  if (pastEnd) return pastEnd;
  if (cutsCached(target)) return null;
  const kbps = effectiveTier(target.kbps, track.ceiling);
  const path = audioCachePath(deps.audioRoot, track.id, kbps, track.cacheKey, target.format);
  const file = deps.files.peek(path);
  return file && servedFile(req, path, file, audioHeaders(track, target, kbps, CACHED));
}

/**
 * GET/HEAD /media/<trackId>/<kbps>.mp4 (and Subsonic's `.mp3`).
 * - Tiers above the source's ceiling (urls.ts) are served at the ceiling and
 *   say so in `X-Audio-Bitrate` (the tier sent) beside `X-Audio-Bitrate-Requested`.
 * - A cached tier is a plain file read with Range and validators (file-reply.ts).
 * - Otherwise the first listener (and anyone who joins) gets the transcode's
 *   fragmented MP4 as it is written: 200, length unknown, not cacheable,
 *   because it is not byte-identical to the cached file that replaces it.
 * - `?timeOffset=` on a cached tier changes nothing for the web's player (the
 *   file seeks with Range, and the player seeks in it); during a first
 *   transcode it gets a stream that starts there (offset-stream.ts), while the
 *   cache fills. Subsonic's `stream` gets the cached tier cut at the offset.
 */
export async function audioReply(target: AudioTarget, req: AudioRequest, deps: AudioDeps): Promise<Reply> {
  const track = await deps.tracks.get(target.trackId);
  if (!track) return errorReply(404, 'song not found');
  const pastEnd = offsetPastEnd(target, track);
  if (pastEnd) return pastEnd;
  const kbps = effectiveTier(target.kbps, track.ceiling);
  const finalPath = audioCachePath(deps.audioRoot, track.id, kbps, track.cacheKey, target.format);
  const live = audioHeaders(track, target, kbps, 'no-store');
  live['accept-ranges'] = 'none';

  if (cutsCached(target)) {
    const cut = await cutReply(target, finalPath, live, req, deps);
    if (cut) return cut;
  }
  const serveCached = async (): Promise<Reply | null> => {
    const file = await deps.files.acquire(finalPath);
    return file && servedFile(req, finalPath, file, audioHeaders(track, target, kbps, CACHED));
  };
  const cached = await serveCached();
  if (cached) return cached;

  if (deps.transcoder.recentFailure(finalPath)) return errorReply(422, 'song could not be transcoded');
  let job = deps.transcoder.find(finalPath);
  if (!job) {
    const source = await sourceInside(deps.musicDir, track.path);
    const found = source ? await stat(source).catch(() => null) : null;
    if (!source || !found?.isFile()) return errorReply(404, 'song not found');
    if (!deps.ffmpeg) return errorReply(503, 'audio transcoding is unavailable: ffmpeg is not installed on the server');
    // HEAD never starts work; it only says what a GET would send.
    if (req.method === 'HEAD') return { kind: 'empty', status: 200, headers: live };
    const tags = await deps.tracks.tags(track.id, track.title);
    // The awaits above let another request start, or even finish, the same job.
    job = deps.transcoder.find(finalPath);
    if (!job) {
      const done = await serveCached();
      if (done && cutsCached(target)) {
        const cut = await cutReply(target, finalPath, live, req, deps);
        if (cut) discard(done);
        return cut ?? done;
      }
      if (done) return done;
      job = startJob(deps.ffmpeg, source, track, target, kbps, finalPath, tags, deps);
    }
  }
  if (req.method === 'HEAD') return { kind: 'empty', status: 200, headers: live };
  if (target.timeOffsetS > 0 && !target.download) return offsetReply(target, track, kbps, job, live, req, deps);

  const body = new GrowingFileStream(job);
  const outcome = await firstBytes(job, req.signal);
  if (outcome !== 'data') {
    body.destroy();
    if (outcome === 'aborted') return errorReply(499, 'client closed request');
    if (job.state === 'cancelled') return errorReply(503, 'transcoding stopped; try again');
    return errorReply(422, 'song could not be transcoded');
  }
  return { kind: 'stream', status: 200, headers: live, body };
}

function startJob(
  ffmpeg: string,
  source: string,
  track: TrackMedia,
  target: AudioTarget,
  kbps: BitrateKbps,
  finalPath: string,
  tags: Tags,
  deps: AudioDeps,
): TranscodeJob {
  const job = deps.transcoder.start({
    ffmpeg,
    finalPath,
    durationS: track.durationS,
    args: (tmp) => ffmpegArgs(source, tmp, kbps, track, tags, target.format),
  });
  job.once('end', (state: string) => {
    if (state === 'done') void pruneTier(finalPath, deps.now());
  });
  return job;
}

/**
 * The tier from the listener's offset, encoded for them alone. It holds the
 * cache job like any listener, so the transcoder's abandonment rules see it.
 */
async function offsetReply(
  target: AudioTarget,
  track: TrackMedia,
  kbps: BitrateKbps,
  job: TranscodeJob,
  headers: Headers,
  req: AudioRequest,
  deps: AudioDeps,
): Promise<Reply> {
  const source = await sourceInside(deps.musicDir, track.path);
  if (!source || !deps.ffmpeg) return errorReply(404, 'song not found');
  const args = offsetArgs(source, kbps, track, target.timeOffsetS, target.format, target.seek);
  const reply = await seekStream(deps.ffmpeg, args, headers, req, deps, () => job.ref(), BUSY_PREPARING);
  if (!('failed' in reply)) return reply;
  deps.log.warn('offset transcode failed', { track: track.id, kbps, offset: target.timeOffsetS, error: reply.failed });
  return errorReply(422, 'song could not be transcoded');
}

/**
 * Subsonic's `timeOffset` on a cached tier: the file from the offset on, copied
 * by ffmpeg without encoding (tiers.ts `cutArgs`), which opens it by its path.
 * Null when the tier is not cached (or went away meanwhile): the caller goes on
 * as for a first play.
 */
async function cutReply(target: AudioTarget, cached: string, headers: Headers, req: AudioRequest, deps: AudioDeps): Promise<Reply | null> {
  const found = await stat(cached).catch(() => null);
  if (!found?.isFile()) return null;
  if (req.method === 'HEAD') return { kind: 'empty', status: 200, headers };
  if (!deps.ffmpeg) return errorReply(503, 'audio transcoding is unavailable: ffmpeg is not installed on the server');
  const reply = await seekStream(deps.ffmpeg, cutArgs(cached, target.format, target.timeOffsetS), headers, req, deps, () => () => {}, BUSY_SEEKING);
  if (!('failed' in reply)) return reply;
  deps.log.warn('cut of a cached tier failed', { file: cached, offset: target.timeOffsetS, error: reply.failed });
  return null;
}

const BUSY_PREPARING = 'too many listeners are seeking in songs that are still being prepared; try again';
const BUSY_SEEKING = 'too many listeners are seeking at once; try again';

/**
 * One ffmpeg for one listener from an offset (counted in `deps.seeks`). It
 * holds what `hold` takes until its body closes. `failed` (ffmpeg's last
 * words) when ffmpeg sent nothing.
 */
async function seekStream(
  ffmpeg: string,
  args: string[],
  headers: Headers,
  req: AudioRequest,
  deps: AudioDeps,
  hold: () => () => void,
  busy: string,
): Promise<Reply | { failed: string }> {
  if (deps.seeks.active >= deps.seeks.max) {
    return errorReply(503, busy, { 'retry-after': '2' });
  }
  deps.seeks.active++;
  const leave = hold();
  const stream = startOffsetStream(ffmpeg, args);
  stream.body.once('close', () => {
    deps.seeks.active--;
    leave();
  });
  const onAbort = () => stream.body.destroy();
  req.signal.addEventListener('abort', onAbort, { once: true });
  const outcome = await stream.ready;
  req.signal.removeEventListener('abort', onAbort);
  if (req.signal.aborted) {
    stream.body.destroy();
    return errorReply(499, 'client closed request');
  }
  if (outcome !== 'data') {
    stream.body.destroy();
    return { failed: stream.error() };
  }
  return { kind: 'stream', status: 200, headers, body: stream.body };
}

/** Waits until the transcode has produced something, failed, or the client has gone. */
function firstBytes(job: TranscodeJob, signal: AbortSignal): Promise<'data' | 'ended' | 'aborted'> {
  if (job.bytes > 0) return Promise.resolve('data');
  if (job.ended) return Promise.resolve(job.state === 'done' ? 'data' : 'ended');
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    const done = (outcome: 'data' | 'ended' | 'aborted') => {
      job.off('progress', onProgress);
      job.off('end', onEnd);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onProgress = () => done('data');
    const onEnd = () => done(job.state === 'done' ? 'data' : 'ended');
    const onAbort = () => done('aborted');
    job.on('progress', onProgress);
    job.on('end', onEnd);
    signal.addEventListener('abort', onAbort);
  });
}
