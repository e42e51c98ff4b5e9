import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { parseRange } from '../../http/http-range.js';
import { isVideoFormat, VIDEO_MIME } from '../formats.js';
import { isSongId } from '../song-id.js';
import type { VideoStore } from '../store/video-store.js';

/** SPEC#errors-result-messages */
export const NO_PREVIEW = 'No video preview found for this song';
export const STORE_UNAVAILABLE = 'video storage is unavailable, try again shortly';

const FILE = /^preview\.([a-z0-9]+)$/;

/**
 * GET/HEAD /videos/<songId>/preview.(mp4|webm) with HTTP Range (RFC 9110 §14),
 * so the player's <video> can seek and loop without downloading everything.
 */
export function createVideoRoutes(store: VideoStore): Hono {
  const routes = new Hono();
  routes.get('/videos/:songId/:file', async (c) => {
    const songId = c.req.param('songId');
    const format = FILE.exec(c.req.param('file'))?.[1] ?? '';
    if (!isSongId(songId) || !isVideoFormat(format)) return notFound(c);
    let file: Awaited<ReturnType<VideoStore['stat']>>;
    try {
      file = await store.stat(songId, format);
    } catch {
      // The store itself is out of reach (an S3-compatible bucket): say so, and let the player retry.
      return c.json({ success: false, message: STORE_UNAVAILABLE }, 503, { 'retry-after': '5' });
    }
    if (!file) return notFound(c);

    const etag = `W/"${file.sizeBytes.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}"`;
    const headers = new Headers({
      'content-type': VIDEO_MIME[format],
      'accept-ranges': 'bytes',
      etag,
      'last-modified': new Date(file.mtimeMs).toUTCString(),
      // A preview can be replaced (admin), so caches revalidate with the ETag.
      'cache-control': 'public, max-age=0, must-revalidate',
    });
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });

    // RFC 9110 §13.1.5: a Range with a stale If-Range validator gets the whole file.
    const ifRange = c.req.header('if-range');
    const range = ifRange && ifRange !== etag ? ({ kind: 'full' } as const) : parseRange(c.req.header('range'), file.sizeBytes);
    if (range.kind === 'unsatisfiable') {
      // RFC 9110 §15.5.17: 416 names the current length.
      headers.set('content-range', `bytes */${file.sizeBytes}`);
      return new Response(null, { status: 416, headers });
    }
    const span = range.kind === 'partial' ? range : { start: 0, end: file.sizeBytes - 1 };
    headers.set('content-length', String(file.sizeBytes === 0 ? 0 : span.end - span.start + 1));
    if (range.kind === 'partial') headers.set('content-range', `bytes ${span.start}-${span.end}/${file.sizeBytes}`);
    const status = range.kind === 'partial' ? 206 : 200;
    // HEAD: Hono answers it through this GET handler; send no body and open no file.
    if (c.req.method === 'HEAD' || file.sizeBytes === 0) return new Response(null, { status, headers });
    const body = Readable.toWeb(store.read(songId, format, span)) as ReadableStream<Uint8Array>;
    return new Response(body, { status, headers });
  });
  return routes;
}

const notFound = (c: Context) => c.json({ success: false, message: NO_PREVIEW }, 404);
