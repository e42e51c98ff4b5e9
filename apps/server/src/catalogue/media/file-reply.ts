import { close, fstat, open, type Stats } from 'node:fs';
import { parseRange } from './http-range.js';
import { errorReply, type Headers, type Reply } from './reply.js';

/** The request headers that decide a file reply (lower-case names, as Node gives them). */
export interface FileRequest {
  method: string;
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifRange?: string | undefined;
}

interface Opened {
  fd: number;
  stats: Stats;
}

/** Opens and stats a regular file in one go; null when it is missing or not a file. */
export function openFile(path: string): Promise<Opened | null> {
  return new Promise((done) => {
    open(path, 'r', (err, fd) => {
      if (err) return done(null);
      fstat(fd, (e, stats) => {
        if (e || !stats.isFile()) {
          close(fd, () => {});
          return done(null);
        }
        done({ fd, stats });
      });
    });
  });
}

/** A validator that changes whenever the file is replaced (cache files are renamed into place). */
export const etagOf = (stats: Stats): string =>
  `"${Math.floor(stats.mtimeMs).toString(16)}-${stats.size.toString(16)}"`;

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
 */
export function fileReply(req: FileRequest, file: Opened, headers: Headers): Reply {
  const { fd, stats } = file;
  const size = stats.size;
  const etag = etagOf(stats);
  const lastModified = new Date(Math.floor(stats.mtimeMs / 1000) * 1000).toUTCString();
  const base: Headers = { ...headers, 'accept-ranges': 'bytes', etag, 'last-modified': lastModified };

  if (req.ifNoneMatch !== undefined ? noneMatch(req.ifNoneMatch, etag) : notModifiedSince(req.ifModifiedSince, stats)) {
    const keep: Headers = { ...base };
    delete keep['content-type'];
    delete keep['content-disposition'];
    return closing(fd, 304, keep);
  }

  const useRange = req.method === 'GET' && req.range !== undefined && ifRangeHolds(req.ifRange, etag, lastModified);
  const range = useRange ? parseRange(req.range, size) : { kind: 'full' as const };
  if (range.kind === 'unsatisfiable') {
    close(fd, () => {});
    return errorReply(416, 'range not satisfiable', { 'accept-ranges': 'bytes', 'content-range': `bytes */${size}` });
  }
  if (range.kind === 'partial') {
    return {
      kind: 'file',
      status: 206,
      fd,
      start: range.start,
      end: range.end,
      headers: {
        ...base,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
        'content-length': String(range.end - range.start + 1),
      },
    };
  }
  return { kind: 'file', status: 200, fd, start: 0, end: size - 1, headers: { ...base, 'content-length': String(size) } };
}

/** Replies without a body release the file at once. */
function closing(fd: number, status: number, headers: Headers): Reply {
  close(fd, () => {});
  return { kind: 'empty', status, headers };
}

function notModifiedSince(header: string | undefined, stats: Stats): boolean {
  if (header === undefined) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(stats.mtimeMs / 1000) * 1000 <= since;
}

/** If-Range with an entity tag needs a strong match; with a date, the exact Last-Modified (§13.1.5). */
function ifRangeHolds(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const v = header.trim();
  if (v.startsWith('"') || v.startsWith('W/')) return v === etag;
  return Date.parse(v) === Date.parse(lastModified);
}
