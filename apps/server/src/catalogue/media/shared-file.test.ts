import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaseStream, nodeFileIo, openShared, type FileIo, type Lease } from './shared-file.js';

/** Node's calls, with each close counted and each read's answer held until the test lets it go. */
const watchedIo = () => {
  const io = {
    closes: 0,
    heldReads: [] as (() => void)[],
    holdReads: false,
    ...nodeFileIo,
    close: ((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
      io.closes++;
      nodeFileIo.close(fd, cb);
    }) as FileIo['close'],
    read: ((fd: number, buf: Buffer, off: number, len: number, pos: number, cb: (e: NodeJS.ErrnoException | null, n: number) => void) =>
      nodeFileIo.read(fd, buf, off, len, pos, (e, n) => {
        if (io.holdReads) io.heldReads.push(() => cb(e, n));
        else cb(e, n);
      })) as FileIo['read'],
  };
  return io;
};

const readAll = (lease: Lease) =>
  new Promise<string>((resolve, reject) => {
    const buf = Buffer.alloc(lease.stats.size);
    lease.read(buf, 0, buf.length, 0, (err, n) => (err ? reject(err) : resolve(buf.subarray(0, n).toString())));
  });

describe('shared files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-shared-'));
    await writeFile(join(dir, 'song'), 'abcdefghij');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('closes the descriptor once, when the last of its leases is released, however often each is released', async () => {
    const io = watchedIo();
    const first = (await openShared(join(dir, 'song'), io))!;
    const second = first.share();
    first.release();
    first.release();
    expect(io.closes).toBe(0);
    expect(await readAll(second)).toBe('abcdefghij');
    second.release();
    second.release();
    expect(io.closes).toBe(1);
  });

  it('answers a read after release with an error, without touching the descriptor', async () => {
    const io = watchedIo();
    const lease = (await openShared(join(dir, 'song'), io))!;
    const other = lease.share();
    lease.release();
    await expect(readAll(lease)).rejects.toThrow('read after the file was released');
    expect(() => lease.share()).toThrow('read after the file was released');
    expect(await readAll(other)).toBe('abcdefghij');
    other.release();
    expect(io.closes).toBe(1);
  });

  it('keeps the descriptor open until a read in flight returns', async () => {
    const io = watchedIo();
    const lease = (await openShared(join(dir, 'song'), io))!;
    io.holdReads = true;
    const reading = readAll(lease);
    await expect.poll(() => io.heldReads.length).toBe(1);
    lease.release();
    expect(io.closes).toBe(0);
    io.heldReads.shift()!();
    expect(await reading).toBe('abcdefghij');
    expect(io.closes).toBe(1);
  });

  it('opens only regular files: a folder, a missing path and a FIFO answer null at once', async () => {
    expect(await openShared(dir)).toBeNull();
    expect(await openShared(join(dir, 'missing'))).toBeNull();
    const fifo = join(dir, 'pipe.mp3');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // Without a writer, a plain open of a FIFO would wait forever.
    expect(await openShared(fifo)).toBeNull();
  });

  it('streams a range and releases its lease when the reader cancels, leaving the other holders reading', async () => {
    const io = watchedIo();
    const held = (await openShared(join(dir, 'song'), io))!;
    expect(await text(leaseStream(held.share(), 2, 5))).toBe('cdef');
    const cancelled = leaseStream(held.share(), 0, 9, 2);
    await new Promise((r) => cancelled.once('readable', r));
    cancelled.destroy();
    await new Promise((r) => cancelled.once('close', r));
    expect(io.closes).toBe(0);
    expect(await readAll(held)).toBe('abcdefghij');
    held.release();
    expect(io.closes).toBe(1);
  });
});
