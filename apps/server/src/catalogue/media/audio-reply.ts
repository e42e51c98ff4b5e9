import { stat } from 'node:fs/promises';
import type { BitrateKbps } from '@lyra/contracts/ids';
import type { Logger } from '../../log.js';
import { effectiveTier } from '../urls.js';
import { audioCachePath, pruneTier } from './audio-cache.js';
import { attachmentHeader } from '../../http/content-disposition.js';
import { servedFile, type FileRequest } from './file-reply.js';
import { GrowingFileStream } from './growing-file-stream.js';
import { sourceInside } from './media-paths.js';
import { offsetArgs, startOffsetStream } from './offset-stream.js';
import type { OpenFileCache } from './open-file-cache.js';
import { CORS_HEADERS, errorReply, type Headers, type Reply } from './reply.js';
import { ffmpegArgs, type Tags } from './tiers.js';
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

export interface AudioTarget {
  trackId: string;
  kbps: BitrateKbps;
  download: boolean;
  /** Where the listener wants the audio to start (`?timeOffset=`), 0 for the beginning. */
  timeOffsetS: number;
}

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
    'content-type': 'audio/mp4',
    'cache-control': cacheControl,
    'x-audio-bitrate': String(kbps),
    'x-audio-bitrate-requested': String(target.kbps),
  };
  if (target.download) headers['content-disposition'] = attachmentHeader(track.title, 'mp4');
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
  const kbps = effectiveTier(target.kbps, track.ceiling);
  const path = audioCachePath(deps.audioRoot, track.id, kbps, track.cacheKey);
  const file = deps.files.peek(path);
  return file && servedFile(req, path, file, audioHeaders(track, target, kbps, CACHED));
}

/**
 * GET/HEAD /media/<trackId>/<kbps>.mp4.
 * - Tiers above the source's ceiling (urls.ts) are served at the ceiling and
 *   say so in `X-Audio-Bitrate` (the tier sent) beside `X-Audio-Bitrate-Requested`.
 * - A cached tier is a plain file read with Range and validators (file-reply.ts).
 * - Otherwise the first listener (and anyone who joins) gets the transcode's
 *   fragmented MP4 as it is written: 200, length unknown, not cacheable,
 *   because it is not byte-identical to the cached file that replaces it.
 * - `?timeOffset=` on a cached tier changes nothing (the file seeks with
 *   Range, and the player seeks in it); during a first transcode it gets a
 *   stream that starts there (offset-stream.ts), while the cache fills.
 */
export async function audioReply(target: AudioTarget, req: AudioRequest, deps: AudioDeps): Promise<Reply> {
  const track = await deps.tracks.get(target.trackId);
  if (!track) return errorReply(404, 'song not found');
  const pastEnd = offsetPastEnd(target, track);
  if (pastEnd) return pastEnd;
  const kbps = effectiveTier(target.kbps, track.ceiling);
  const finalPath = audioCachePath(deps.audioRoot, track.id, kbps, track.cacheKey);

  const serveCached = async (): Promise<Reply | null> => {
    const file = await deps.files.acquire(finalPath);
    return file && servedFile(req, finalPath, file, audioHeaders(track, target, kbps, CACHED));
  };
  const cached = await serveCached();
  if (cached) return cached;

  if (deps.transcoder.recentFailure(finalPath)) return errorReply(422, 'song could not be transcoded');
  const live = audioHeaders(track, target, kbps, 'no-store');
  live['accept-ranges'] = 'none';
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
      if (done) return done;
      job = startJob(deps.ffmpeg, source, track, kbps, finalPath, tags, deps);
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
  kbps: BitrateKbps,
  finalPath: string,
  tags: Tags,
  deps: AudioDeps,
): TranscodeJob {
  const job = deps.transcoder.start({
    ffmpeg,
    finalPath,
    durationS: track.durationS,
    args: (tmp) => ffmpegArgs(source, tmp, kbps, track, tags),
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
  if (deps.seeks.active >= deps.seeks.max) {
    return errorReply(503, 'too many listeners are seeking in songs that are still being prepared; try again', { 'retry-after': '2' });
  }
  deps.seeks.active++;
  const leaveJob = job.ref();
  const stream = startOffsetStream(deps.ffmpeg, offsetArgs(source, kbps, track, target.timeOffsetS));
  stream.body.once('close', () => {
    deps.seeks.active--;
    leaveJob();
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
    deps.log.warn('offset transcode failed', { track: track.id, kbps, offset: target.timeOffsetS, error: stream.error() });
    return errorReply(422, 'song could not be transcoded');
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
