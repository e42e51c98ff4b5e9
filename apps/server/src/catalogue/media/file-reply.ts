import { parseRange } from '../../http/http-range.js';
import type { OpenFile } from './open-file-cache.js';
import { accelReply, accelTarget, errorReply, type Accel, type Headers, type Reply } from './reply.js';

/** The request headers that decide a file reply (lower-case names, as Node gives them). */
export interface FileRequest {
  method: string;
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifRange?: string | undefined;
  /** Set on requests that came through nginx with ACCEL_REDIRECT: nginx sends complete files. */
  accel?: Accel | undefined;
}

const stripWeak = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison; `*` matches any current file. */
function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => stripWeak(t.trim()) === etag);
}

/**
 * Conditional and range handling for a file that is already complete:
 * 304 for a matching If-None-Match / If-Modified-Since (RFC 9110 §13.1.2-3),
 * 206 for one satisfiable range, 416 with `Content-Range: bytes *\/size` for an
 * unsatisfiable one (§15.5.17), otherwise 200. Range applies to GET only (§14.2),
 * and If-Range that does not match the current file means "send it all" (§13.1.5).
 * The reply owns `file` and releases it.
 */
export function fileReply(req: FileRequest, file: OpenFile, headers: Headers): Reply {
  const size = file.stats.size;
  const { etag, lastModified } = file;
  headers['accept-ranges'] = 'bytes';
  headers.etag = etag;
  headers['last-modified'] = lastModified;

  const notModified =
    req.ifNoneMatch !== undefined ? noneMatch(req.ifNoneMatch, etag) : notModifiedSince(req.ifModifiedSince, lastModified);
  if (notModified) {
    file.release();
    delete headers['content-type'];
    delete headers['content-disposition'];
    return { kind: 'empty', status: 304, headers };
  }

  const range =
    req.method === 'GET' && req.range !== undefined && ifRangeHolds(req.ifRange, etag, lastModified)
      ? parseRange(req.range, size)
      : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    file.release();
    return errorReply(416, 'range not satisfiable', { 'accept-ranges': 'bytes', 'content-range': `bytes */${size}` });
  }
  if (range.kind === 'partial') {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    return { kind: 'file', status: 206, file, start: range.start, end: range.end, headers };
  }
  headers['content-length'] = String(size);
  return { kind: 'file', status: 200, file, start: 0, end: size - 1, headers };
}

/**
 * A complete file at `path`: behind nginx (ACCEL_REDIRECT) only its address,
 * for nginx to send with Range and validators of its own; otherwise `fileReply`.
 */
export function servedFile(req: FileRequest, path: string, file: OpenFile, headers: Headers): Reply {
  const target = req.accel && accelTarget(req.accel, path);
  if (!target) return fileReply(req, file, headers);
  file.release();
  return accelReply(target, headers);
}

function notModifiedSince(header: string | undefined, lastModified: string): boolean {
  if (header === undefined) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}

/** If-Range with an entity tag needs a strong match; with a date, the exact Last-Modified (§13.1.5). */
function ifRangeHolds(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const v = header.trim();
  if (v.startsWith('"') || v.startsWith('W/')) return v === etag;
  return Date.parse(v) === Date.parse(lastModified);
}
