import * as fs from 'node:fs';
import type { Stats } from 'node:fs';
import { Readable } from 'node:stream';

/**
 * One open file read by many holders at once. The descriptor never leaves
 * this module: a holder gets a `Lease` that reads at positions and is released
 * once, and the file is closed exactly once, when the last lease is released
 * and no read is still in flight. Nothing else can close it, so a descriptor
 * number can never be closed twice, or read after another file was given the
 * same number: the ways one song's bytes could be sent for another.
 */
export interface Lease {
  readonly stats: Stats;
  /** A positional read (`position` in the file); an error once this lease is released. */
  read(buffer: Buffer, offset: number, length: number, position: number, done: (err: Error | null, bytesRead: number) => void): void;
  /** Another lease on the same file, for another holder; this one stays held. An error once released. */
  share(): Lease;
  /** Gives the lease back; later calls do nothing. */
  release(): void;
}

/** The filesystem calls a shared file makes: Node's, or a test's that counts them. */
export interface FileIo {
  open: typeof fs.open;
  fstat: typeof fs.fstat;
  read: typeof fs.read;
  close: typeof fs.close;
  stat: typeof fs.stat;
}

export const nodeFileIo: FileIo = { open: fs.open, fstat: fs.fstat, read: fs.read, close: fs.close, stat: fs.stat };

export class LeaseReleasedError extends Error {
  readonly code = 'ERR_LEASE_RELEASED';
  constructor() {
    super('read after the file was released');
  }
}

class SharedFile {
  /** Leases not yet released plus reads in flight; the descriptor closes when this reaches 0. */
  #holds = 0;
  #closed = false;
  readonly #fd: number;

  private constructor(
    fd: number,
    readonly stats: Stats,
    private readonly io: FileIo,
  ) {
    this.#fd = fd;
  }

  /**
   * Opens `path` and hands back the first lease (the opener's), or null when it
   * cannot be opened or is not a regular file. Only regular files: a FIFO or a
   * device would block or never end.
   */
  static open(path: string, io: FileIo = nodeFileIo): Promise<Lease | null> {
    return new Promise((resolve) => {
      io.open(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK, (err, fd) => {
        if (err) return resolve(null);
        io.fstat(fd, (e, stats) => {
          if (e || !stats.isFile()) {
            io.close(fd, () => {});
            return resolve(null);
          }
          resolve(new SharedFile(fd, stats, io).lease());
        });
      });
    });
  }

  /** A new lease on the same descriptor; only a holder can ask (`Lease.share`), so the file is open. */
  private lease(): Lease {
    this.#holds++;
    let released = false;
    return {
      stats: this.stats,
      read: (buffer, offset, length, position, done) => {
        if (released) return queueMicrotask(() => done(new LeaseReleasedError(), 0));
        this.#holds++;
        this.io.read(this.#fd, buffer, offset, length, position, (err, n) => {
          this.#drop();
          done(err, n);
        });
      },
      share: () => {
        if (released) throw new LeaseReleasedError();
        return this.lease();
      },
      release: () => {
        if (released) return;
        released = true;
        this.#drop();
      },
    };
  }

  #drop(): void {
    if (--this.#holds > 0 || this.#closed) return;
    this.#closed = true;
    this.io.close(this.#fd, () => {});
  }
}

/** Opens `path` for sharing: the first lease, or null (missing, unreadable, not a regular file). */
export const openShared = (path: string, io: FileIo = nodeFileIo): Promise<Lease | null> => SharedFile.open(path, io);

/**
 * Bytes [start, end] through `lease`, as a stream that releases the lease when
 * it ends or is destroyed (a client that left), after any read in flight.
 */
export function leaseStream(lease: Lease, start: number, end: number, chunk = 64 * 1024): Readable {
  let pos = start;
  return new Readable({
    highWaterMark: chunk,
    read() {
      if (pos > end) return void this.push(null);
      const n = Math.min(chunk, end + 1 - pos);
      const buf = Buffer.allocUnsafe(n);
      lease.read(buf, 0, n, pos, (err, got) => {
        if (this.destroyed) return;
        if (err) return void this.destroy(err);
        if (got === 0) return void this.destroy(new Error('file is shorter than its size'));
        pos += got;
        this.push(got === n ? buf : buf.subarray(0, got));
      });
    },
    destroy(err, cb) {
      lease.release();
      cb(err);
    },
  });
}
