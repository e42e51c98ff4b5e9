import { close, createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export type Headers = Record<string, string>;

/**
 * What a media request gets back, independent of how it is written: the raw
 * Node handler (the hot path) and the Hono route (in-process requests) write
 * the same replies.
 */
export type Reply =
  /** Bytes [start, end] of an open file; the writer owns `fd` and closes it. */
  | { kind: 'file'; status: 200 | 206; headers: Headers; fd: number; start: number; end: number }
  /** A body of unknown length (a transcode in progress). */
  | { kind: 'stream'; status: 200; headers: Headers; body: Readable }
  | { kind: 'empty'; status: number; headers: Headers }
  | { kind: 'bytes'; status: number; headers: Headers; body: Buffer };

/** CORS for media: anyone may play or download (catalogue-api.md §1.1: CORS is wide open). */
export const CORS_HEADERS: Headers = {
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
  if (reply.kind === 'file') close(reply.fd, () => {});
  if (reply.kind === 'stream') reply.body.destroy();
}

const hasBody = (method: string, reply: Reply) => method !== 'HEAD' && reply.status !== 304;

/** Writes a reply to a Node response with backpressure (pipe) and cleanup when the client leaves. */
export function writeNode(method: string, reply: Reply, res: ServerResponse): void {
  if (res.destroyed) return discard(reply);
  if (reply.kind === 'bytes') {
    res.writeHead(reply.status, { ...reply.headers, 'content-length': String(reply.body.length) });
    res.end(hasBody(method, reply) ? reply.body : undefined);
    return;
  }
  res.writeHead(reply.status, reply.headers);
  if (reply.kind === 'empty' || !hasBody(method, reply) || (reply.kind === 'file' && reply.end < reply.start)) {
    discard(reply);
    res.end();
    return;
  }
  const body =
    reply.kind === 'file'
      ? createReadStream('', { fd: reply.fd, start: reply.start, end: reply.end, highWaterMark: 256 * 1024 })
      : reply.body;
  body.on('error', () => res.destroy());
  res.on('close', () => body.destroy());
  body.pipe(res);
}

/** The same reply as a web Response (Hono, in-process requests). */
export function toResponse(method: string, reply: Reply): Response {
  const init = { status: reply.status, headers: reply.headers };
  if (!hasBody(method, reply) || reply.kind === 'empty') {
    discard(reply);
    return new Response(null, init);
  }
  if (reply.kind === 'bytes') return new Response(new Uint8Array(reply.body), init);
  if (reply.kind === 'file' && reply.end < reply.start) {
    discard(reply);
    return new Response(new Uint8Array(0), init);
  }
  const body =
    reply.kind === 'file' ? createReadStream('', { fd: reply.fd, start: reply.start, end: reply.end }) : reply.body;
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, init);
}
