import type { Stats } from 'node:fs';
import { nodeFileIo, openShared, type FileIo, type Lease } from './shared-file.js';

/**
 * Recently served files, kept open and shared by concurrent requests (like
 * nginx's `open_file_cache`), with the bytes of the hottest small files held in
 * memory. A play is many Range requests for one file: opening, stat-ing and
 * closing it each time costs three thread-pool round trips, and on a busy
 * machine even one positional read per request costs more than the rest of
 * the request. Reads are positional, so sharing one descriptor is safe; who
 * closes it is `shared-file.ts`'s business alone: the cache holds a lease while
 * the entry is listed, every reply holds its own, and the last one out closes.
 *
 * An entry is trusted for `ttlMs`, then revalidated with a stat of the path
 * (same inode, size and mtime: keep it). Cache files are only ever renamed
 * into place, never rewritten, so a changed path means a new entry.
 */
export interface OpenFile extends Lease {
  readonly stats: Stats;
  /** The whole file, when it is hot and small enough to be held in memory. */
  readonly bytes: Buffer | null;
  /** Changes whenever the file is replaced (RFC 9110 §8.8.3). */
  readonly etag: string;
  /** HTTP date of the mtime (RFC 9110 §8.8.2). */
  readonly lastModified: string;
}

export interface OpenFileCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Memory for file bytes, over all entries. */
  maxBytes?: number;
  /** A file is read into memory once it has been asked for this many times. */
  hotAfter?: number;
  /** The filesystem calls (tests count them). */
  io?: FileIo;
}

interface Entry {
  path: string;
  /** The cache's own lease, released once when the entry is evicted. */
  file: Lease;
  stats: Stats;
  etag: string;
  lastModified: string;
  expires: number;
  evicted: boolean;
  hits: number;
  bytes: Buffer | null;
  loadingBytes: boolean;
}

export interface OpenFileCache {
  /** The open file, or null when it does not exist or is not a regular file. */
  acquire(path: string): Promise<OpenFile | null>;
  /** The open file if it has a fresh entry (no I/O); null otherwise, even when it exists. */
  peek(path: string): OpenFile | null;
  /** Closes every descriptor not in use, and the rest as their replies finish; stops the sweeper. */
  clear(): void;
  readonly size: number;
  readonly bytesHeld: number;
}

export const etagOf = (stats: Stats): string =>
  `"${Math.floor(stats.mtimeMs).toString(16)}-${stats.size.toString(16)}"`;

const sameFile = (a: Stats, b: Stats) => a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs;

export function createOpenFileCache(now: () => number, options: OpenFileCacheOptions = {}): OpenFileCache {
  const { ttlMs = 2_000, maxEntries = 1_000, maxBytes = 64 * 1024 * 1024, hotAfter = 3, io = nodeFileIo } = options;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  let bytesHeld = 0;
  let sweeper: NodeJS.Timeout | null = null;

  const dropBytes = (e: Entry) => {
    if (e.bytes) bytesHeld -= e.bytes.length;
    e.bytes = null;
  };
  const evict = (e: Entry) => {
    if (entries.get(e.path) === e) entries.delete(e.path);
    e.evicted = true;
    dropBytes(e);
    e.file.release();
  };

  /** Reads a hot file into memory, making room by dropping the bytes of the least recently used. */
  const loadBytes = (e: Entry) => {
    const size = e.stats.size;
    if (e.bytes || e.loadingBytes || size === 0 || size > maxBytes / 4) return;
    e.loadingBytes = true;
    const reader = e.file.share();
    const buf = Buffer.allocUnsafe(size);
    let pos = 0;
    const done = (ok: boolean) => {
      e.loadingBytes = false;
      if (ok && !e.evicted) {
        for (const other of entries.values()) {
          if (bytesHeld + size <= maxBytes) break;
          if (other !== e) dropBytes(other);
        }
        if (bytesHeld + size <= maxBytes) {
          e.bytes = buf;
          bytesHeld += size;
        }
      }
      reader.release();
    };
    const step = (): void =>
      reader.read(buf, pos, size - pos, pos, (err, got) => {
        if (err || got === 0 || e.evicted) return done(false);
        pos += got;
        if (pos < size) return step();
        done(true);
      });
    step();
  };

  const handle = (e: Entry): OpenFile => {
    const lease = e.file.share();
    e.hits++;
    // Map order is recency order: the first entries are the least recently used.
    entries.delete(e.path);
    entries.set(e.path, e);
    if (!e.bytes && e.hits >= hotAfter) loadBytes(e);
    return { ...lease, bytes: e.bytes, etag: e.etag, lastModified: e.lastModified };
  };

  const openEntry = async (path: string): Promise<Entry | null> => {
    const file = await openShared(path, io);
    if (!file) return null;
    const { stats } = file;
    return {
      path,
      file,
      stats,
      etag: etagOf(stats),
      lastModified: new Date(Math.floor(stats.mtimeMs / 1000) * 1000).toUTCString(),
      expires: now() + ttlMs,
      evicted: false,
      hits: 0,
      bytes: null,
      loadingBytes: false,
    };
  };

  /** Keeps an expired entry when the path still names the same file; otherwise opens afresh. */
  const revalidate = (path: string, old: Entry): Promise<Entry | null> =>
    new Promise((resolve) => {
      io.stat(path, (err, s) => {
        if (!err && !old.evicted && sameFile(s, old.stats)) {
          old.expires = now() + ttlMs;
          return resolve(old);
        }
        evict(old);
        resolve(openEntry(path));
      });
    });

  const remember = (e: Entry | null) => {
    if (!e || entries.get(e.path) === e) return e;
    const before = entries.get(e.path);
    if (before) evict(before);
    if (entries.size >= maxEntries) evict(entries.values().next().value!);
    entries.set(e.path, e);
    // Entries nobody asks for again are closed in the background.
    sweeper ??= setInterval(() => {
      const t = now();
      for (const old of [...entries.values()]) if (old.expires + ttlMs <= t) evict(old);
    }, ttlMs).unref();
    return e;
  };

  const acquire = (path: string): Promise<OpenFile | null> => {
    const hit = entries.get(path);
    if (hit && hit.expires > now()) return Promise.resolve(handle(hit));
    let p = pending.get(path);
    if (!p) {
      p = (hit ? revalidate(path, hit) : openEntry(path)).then(remember).finally(() => pending.delete(path));
      pending.set(path, p);
    }
    // An entry evicted while it opened (cache full, or cleared) is simply asked for again.
    return p.then((e) => (e === null ? null : e.evicted ? acquire(path) : handle(e)));
  };

  return {
    acquire,
    peek(path) {
      const hit = entries.get(path);
      return hit && hit.expires > now() ? handle(hit) : null;
    },
    clear() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      for (const e of [...entries.values()]) evict(e);
    },
    get size() {
      return entries.size;
    },
    get bytesHeld() {
      return bytesHeld;
    },
  };
}
