import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Hono } from 'hono';
import { isDatabaseUnavailable, RETRY_AFTER_S } from '../../db/unavailable.js';
import type { Deps } from '../../module.js';
import { audioReply, cachedAudioReply, type AudioDeps } from './audio-reply.js';
import type { FileRequest } from './file-reply.js';
import { locateTools, type Tools } from './ffmpeg-locate.js';
import type { ArtistPictureDrawer } from '../passes/artist-pictures-pass.js';
import { createImageStore, type NamedCover } from './image-store.js';
import type { BitrateKbps } from '@lyra/contracts/ids';
import { ID_PATTERN, isMediaPath, MAX_COVER_PX, parseMediaTarget, type AudioFormat, type MediaTarget } from './media-paths.js';
import { accelFor, CORS_HEADERS, errorReply, toResponse, writeNode, type Reply } from './reply.js';
import { createOpenFileCache } from './open-file-cache.js';
import { createTrackLookup } from './track-lookup.js';
import { createTranscoder } from './transcoder.js';

/** A request's method, Range and validators, and when its client leaves (for in-process asks). */
export interface MediaAsk {
  method: 'GET' | 'HEAD';
  range?: string | undefined;
  ifRange?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  signal: AbortSignal;
}

/**
 * What Subsonic's stream and getCoverArt ask of the catalogue, as typed calls (the answers carry the
 * catalogue's statuses and error bodies, as /media and /images would send them):
 * - `audio`: a tier in AAC or MP3, starting at `timeOffsetS` whether or not the tier is cached (a cached
 *   tier is cut there, with times from 0);
 * - `cover`: a square of any side from 1 to MAX_COVER_PX, never more than the original's.
 */
export interface CatalogueMedia {
  audio(ask: { trackId: string; kbps: BitrateKbps; format: AudioFormat; timeOffsetS: number }, req: MediaAsk): Promise<Response>;
  cover(coverId: string, side: number, req: MediaAsk): Promise<Response>;
  /**
   * A generated cover, in the albums' style, for something the catalogue does not hold (a radio station),
   * as a square JPEG of `side` px (1 to 500), made once per title and side and then kept.
   */
  namedCover(cover: NamedCover, side: number, req: MediaAsk): Promise<Response>;
}

/** /media (audio tiers with Range) and /images (50/150/500 px covers). See README.md here. */
export interface Media {
  routes: Hono;
  /** Subsonic's asks, in process. */
  subsonic: CatalogueMedia;
  raw?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Songs a scan removed: /media answers 404 for them from now on, not after the track memo's 5 s. */
  forgetSongs(ids: readonly string[]): void;
  /** Artists' generated pictures, drawn ahead of their first request (passes/artist-pictures-pass.ts). */
  artistPictures: ArtistPictureDrawer;
  stop(): Promise<void>;
  readonly tools: Tools;
}

interface MediaRequest extends FileRequest {
  signal: AbortSignal;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function createMedia(deps: Deps, tools: Tools = locateTools(deps.config, deps.log)): Media {
  const { config, db, log, now } = deps;
  const cacheRoot = join(config.DATA_DIR, 'cache');
  const files = createOpenFileCache(now);
  // Only requests from the network go through nginx; in-process ones (Subsonic's, tests') get bytes.
  const accel = accelFor(config.ACCEL_REDIRECT, config.DATA_DIR, config.MUSIC_DIR);
  const transcoder = createTranscoder(config.TRANSCODE_CONCURRENCY, log.child({ part: 'transcoder' }), now);
  const audio: AudioDeps = {
    tracks: createTrackLookup(db, now),
    transcoder,
    files,
    ffmpeg: tools.ffmpeg,
    musicDir: config.MUSIC_DIR,
    audioRoot: join(cacheRoot, 'audio'),
    now,
    log,
    seeks: { active: 0, max: config.TRANSCODE_CONCURRENCY * 4 },
  };
  const images = createImageStore({
    db,
    log,
    coversDir: join(config.DATA_DIR, 'covers'),
    cacheDir: join(cacheRoot, 'images'),
    files,
  });

  /**
   * One place decides every media reply; two writers below send it. Replies
   * that need no I/O (errors, a cached tier of a known track) come back at once.
   */
  const decide = (req: MediaRequest, target: MediaTarget): Reply | Promise<Reply> => {
    if (req.method === 'OPTIONS') {
      return {
        kind: 'empty',
        status: 204,
        headers: {
          ...CORS_HEADERS,
          'access-control-allow-methods': 'GET, HEAD, OPTIONS',
          'access-control-allow-headers': 'Range, If-None-Match, If-Modified-Since, If-Range',
          'access-control-max-age': '86400',
        },
      };
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return errorReply(405, 'method not allowed', { allow: 'GET, HEAD, OPTIONS' });
    }
    switch (target.kind) {
      case 'invalid':
        return errorReply(target.status, target.message);
      case 'audio':
        return cachedAudioReply(target, req, audio) ?? audioReply(target, req, audio);
      case 'image':
        return images.reply(target.coverId, target.size, req, target.anySize);
    }
  };

  const failed = (e: unknown): Reply => {
    if (isDatabaseUnavailable(e)) {
      log.warn('media request failed: database unavailable', { error: e });
      return errorReply(503, 'media temporarily unavailable', { 'retry-after': String(RETRY_AFTER_S) });
    }
    log.error('media request failed', { error: e });
    return errorReply(503, 'media temporarily unavailable');
  };
  const handle = (req: MediaRequest, target: MediaTarget): Promise<Reply> => {
    try {
      return Promise.resolve(decide(req, target)).catch(failed);
    } catch (e) {
      return Promise.resolve(failed(e));
    }
  };

  /** The hot path: straight from the Node request to fs streams, no Request/Response objects. */
  const raw = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    if (!isMediaPath(url)) return false;
    const method = req.method ?? 'GET';
    const h = req.headers;
    let abort: AbortController | null = null;
    const request: MediaRequest = {
      method,
      // Only a request that waits for a transcode needs to know when its client leaves.
      get signal() {
        if (!abort) {
          const controller = (abort = new AbortController());
          if (res.destroyed) controller.abort();
          else res.once('close', () => controller.abort());
        }
        return abort.signal;
      },
      range: h.range,
      ifNoneMatch: h['if-none-match'],
      ifModifiedSince: h['if-modified-since'],
      ifRange: one(h['if-range']),
      // Only requests nginx forwarded: a client that reaches this port directly gets the bytes.
      accel: accel && config.trustProxy(req.socket.remoteAddress ?? '') ? accel : undefined,
    };
    let reply: Reply | Promise<Reply>;
    try {
      reply = decide(request, parseMediaTarget(url));
    } catch (e) {
      reply = failed(e);
    }
    const send = (r: Reply) => {
      try {
        writeNode(method, r, res);
      } catch (e) {
        log.error('media reply failed', { error: e });
        res.destroy();
      }
    };
    if (reply instanceof Promise) void reply.catch(failed).then(send);
    else send(reply);
    return true;
  };

  /** In-process requests (app.request) take the same decisions through Hono. */
  const routes = new Hono();
  const viaHono = async (c: { req: { raw: Request } }) => {
    const r = c.req.raw;
    const u = new URL(r.url);
    const reply = await handle(
      {
        method: r.method,
        signal: r.signal,
        range: r.headers.get('range') ?? undefined,
        ifNoneMatch: r.headers.get('if-none-match') ?? undefined,
        ifModifiedSince: r.headers.get('if-modified-since') ?? undefined,
        ifRange: r.headers.get('if-range') ?? undefined,
      },
      parseMediaTarget(u.pathname + u.search),
    );
    return toResponse(r.method, reply);
  };
  routes.all('/media/*', viaHono);
  routes.all('/images/*', viaHono);

  /** Subsonic's asks: the same decisions, with what only Subsonic may ask (MP3, any cover side, cuts). */
  const subsonic: CatalogueMedia = {
    audio: async (ask, req) =>
      toResponse(req.method, await handle(req, { kind: 'audio', ...ask, download: false, seek: 'server' })),
    async cover(coverId, side, req) {
      const target: MediaTarget =
        Number.isInteger(side) && side >= 1 && side <= MAX_COVER_PX
          ? { kind: 'image', coverId, size: side, anySize: true }
          : { kind: 'invalid', status: 400, message: `image size must be 1 to ${MAX_COVER_PX}` };
      return toResponse(req.method, await handle(req, target));
    },
    async namedCover(cover, side, req) {
      if (!ID_PATTERN.test(cover.seed) || !Number.isInteger(side) || side < 1 || side > MAX_COVER_PX) {
        return toResponse(req.method, errorReply(400, 'a named cover needs a plain seed and a side of 1 to 1200'));
      }
      return toResponse(req.method, await images.named(cover, side, req).catch(failed));
    },
  };

  return {
    routes,
    subsonic,
    raw,
    tools,
    forgetSongs: (ids) => audio.tracks.forget(ids),
    artistPictures: images,
    async stop() {
      await transcoder.stop();
      files.clear();
    },
  };
}
