import type { ServerResponse } from 'node:http';
import { sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { OpenFile } from './open-file-cache.js';
import { leaseStream } from './shared-file.js';

export type Headers = Record<string, string>;

/**
 * What a media request gets back, independent of how it is written: the raw
 * Node handler (the hot path) and the Hono route (in-process requests) write
 * the same replies.
 */
export type Reply =
  /** Bytes [start, end] of an open file; the writer releases `file`. */
  | { kind: 'file'; status: 200 | 206; headers: Headers; file: OpenFile; start: number; end: number }
  /** A body of unknown length (a transcode in progress). */
  | { kind: 'stream'; status: 200; headers: Headers; body: Readable }
  | { kind: 'empty'; status: number; headers: Headers }
  | { kind: 'bytes'; status: number; headers: Headers; body: Buffer };

/**
 * X-Accel-Redirect (ACCEL_REDIRECT): behind nginx, a file reply is only
 * authorised here; nginx sends the bytes from its internal location `prefix`,
 * where `<prefix><uri>` maps to `dir` for each root (`cache/` -> DATA_DIR/cache,
 * `music/` -> MUSIC_DIR), with Range, validators and sendfile of its own.
 */
export interface Accel {
  prefix: string;
  roots: readonly { dir: string; uri: string }[];
}

export function accelFor(prefix: string | undefined, dataDir: string, musicDir: string): Accel | undefined {
  if (!prefix) return undefined;
  return { prefix, roots: [{ dir: `${dataDir}${sep}cache`, uri: 'cache/' }, { dir: musicDir, uri: 'music/' }] };
}

/**
 * The internal address of `path` (absolute, normalised), each segment
 * percent-encoded; null when no root holds it, or a name nginx would not find
 * again (a control character, or `%` and `?`, which it reads as escapes and a query).
 */
export function accelTarget(accel: Accel, path: string): string | null {
  for (const { dir, uri } of accel.roots) {
    if (!path.startsWith(dir + sep)) continue;
    const rest = path.slice(dir.length + 1).split(sep);
    if (rest.some((s) => s === '' || s === '.' || s === '..' || /[\u0000-\u001f\u007f%?]/.test(s))) return null;
    return accel.prefix + uri + rest.map(encodeURIComponent).join('/');
  }
  return null;
}

/** Headers only: nginx answers with the file at `target` (and these headers, see README). */
export function accelReply(target: string, headers: Headers): Reply {
  return { kind: 'empty', status: 200, headers: { ...headers, 'x-accel-redirect': target, 'content-length': '0' } };
}

/** CORS for media: anyone may play or download (catalogue-api.md §1.1: CORS is wide open). */
export const CORS_HEADERS: Readonly<Headers> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'Accept-Ranges, Content-Disposition, Content-Length, Content-Range, ETag, X-Audio-Bitrate, X-Audio-Bitrate-Requested',
};

/** The catalogue's error shape (catalogue-api.md §1.2). */
export function errorReply(status: number, message: string, headers: Headers = {}): Reply {
  return {
    kind: 'bytes',
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: Buffer.from(JSON.stringify({ success: false, message })),
  };
}

/** A reply that will not be sent (client gone): releases what it holds. */
export function discard(reply: Reply): void {
  if (reply.kind === 'file') reply.file.release();
  if (reply.kind === 'stream') reply.body.destroy();
}

const hasBody = (method: string, reply: Reply) => method !== 'HEAD' && reply.status !== 304 && reply.kind !== 'empty';

/** Largest single read: one thread-pool trip per chunk, and what one socket write may hold. */
const CHUNK = 256 * 1024;

/** Writes a reply to a Node response, with backpressure and cleanup when the client leaves. */
export function writeNode(method: string, reply: Reply, res: ServerResponse): void {
  if (res.destroyed) return discard(reply);
  if (reply.kind === 'bytes') {
    reply.headers['content-length'] = String(reply.body.length);
    res.writeHead(reply.status, reply.headers);
    res.end(hasBody(method, reply) ? reply.body : undefined);
    return;
  }
  res.writeHead(reply.status, reply.headers);
  if (reply.kind === 'empty' || !hasBody(method, reply) || (reply.kind === 'file' && reply.end < reply.start)) {
    discard(reply);
    res.end();
    return;
  }
  if (reply.kind === 'stream') {
    reply.body.on('error', () => res.destroy());
    res.on('close', () => reply.body.destroy());
    reply.body.pipe(res);
    return;
  }
  const { file, start, end } = reply;
  if (file.bytes) {
    // A hot file in memory: one write of a view, no copy and no read.
    res.end(file.bytes.subarray(start, end + 1));
    file.release();
    return;
  }
  sendFileRange(file, start, end, res);
}

/**
 * Positional reads straight into the socket, one chunk in flight, waiting for
 * 'drain' when the client is slower than the disk. Lighter than a ReadStream
 * per request, which matters when a player sends many small Range requests.
 */
function sendFileRange(file: OpenFile, start: number, end: number, res: ServerResponse): void {
  let pos = start;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    file.release();
  };
  res.once('close', finish);
  const pump = (): void => {
    if (res.destroyed) return finish();
    const n = Math.min(CHUNK, end + 1 - pos);
    const buf = Buffer.allocUnsafe(n);
    file.read(buf, 0, n, pos, (err, got) => {
      if (done) return;
      if (err || got === 0) {
        finish();
        res.destroy();
        return;
      }
      pos += got;
      const chunk = got === n ? buf : buf.subarray(0, got);
      if (pos > end) {
        finish();
        res.end(chunk);
      } else if (res.write(chunk)) pump();
      else res.once('drain', pump);
    });
  };
  pump();
}

/** The same reply as a web Response (Hono, in-process requests). */
export function toResponse(method: string, reply: Reply): Response {
  const init = { status: reply.status, headers: reply.headers };
  if (!hasBody(method, reply)) {
    discard(reply);
    return new Response(null, init);
  }
  if (reply.kind === 'bytes') return new Response(new Uint8Array(reply.body), init);
  if (reply.kind === 'stream') return new Response(webStream(reply.body), init);
  if (reply.kind === 'empty' || reply.end < reply.start) {
    discard(reply);
    return new Response(new Uint8Array(0), init);
  }
  const { file } = reply;
  if (file.bytes) {
    const view = file.bytes.subarray(reply.start, reply.end + 1);
    file.release();
    return new Response(new Uint8Array(view.buffer, view.byteOffset, view.length), init);
  }
  // The stream releases the file when it ends or the client cancels; the descriptor stays the cache's.
  const body = leaseStream(file, reply.start, reply.end);
  return new Response(webStream(body), init);
}

/**
 * A Node stream as a web one, one chunk ahead of the reader. Node 20's `Readable.toWeb` throws (uncaught,
 * from a 'data' handler) when a reader cancels while the stream still has data to give; here a cancel
 * destroys the Node stream and whatever it still emits is dropped. A stream closed before its end (a
 * failed transcode) errors the web stream, so a truncated body is never taken for a whole one.
 */
export function webStream(body: Readable): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        body.on('data', (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) body.pause();
        });
        body.once('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        body.once('error', (e) => {
          if (settled) return;
          settled = true;
          controller.error(e);
        });
        body.once('close', () => {
          if (settled) return;
          settled = true;
          controller.error(new Error('the stream closed before its end'));
        });
      },
      pull() {
        body.resume();
      },
      cancel() {
        settled = true;
        body.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}
