import { closeSync, fstatSync, openSync, readlinkSync, type Stats } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOpenFileCache, type OpenFile } from './open-file-cache.js';
import { nodeFileIo, type FileIo } from './shared-file.js';

const contents = (f: OpenFile) =>
  new Promise<string>((resolve, reject) => {
    const buf = Buffer.alloc(f.stats.size);
    f.read(buf, 0, buf.length, 0, (err, n) => (err ? reject(err) : resolve(buf.subarray(0, n).toString())));
  });
/** Node's file calls, counting what is open: a descriptor closed twice shows in `doubleCloses`. */
const countingIo = () => {
  const open = new Map<number, string>();
  const io = {
    opened: 0,
    doubleCloses: 0,
    open: ((path: string, flags: number, cb: (err: NodeJS.ErrnoException | null, fd: number) => void) =>
      nodeFileIo.open(path, flags, (err, fd) => {
        if (!err) {
          io.opened++;
          open.set(fd, path);
        }
        cb(err, fd);
      })) as FileIo['open'],
    fstat: nodeFileIo.fstat,
    read: nodeFileIo.read,
    /** Set to hold each stat's answer until the test lets it through. */
    holdStat: null as ((answer: () => void) => void) | null,
    stat: ((path: string, cb: (err: NodeJS.ErrnoException | null, stats: Stats) => void) =>
      nodeFileIo.stat(path, (err, stats) => {
        const answer = () => cb(err, stats);
        if (io.holdStat) io.holdStat(answer);
        else answer();
      })) as FileIo['stat'],
    closed: Promise.resolve(),
    close: ((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
      if (!open.delete(fd)) io.doubleCloses++;
      io.closed = new Promise<void>((done) =>
        nodeFileIo.close(fd, (err) => {
          cb(err);
          done();
        }),
      );
    }) as FileIo['close'],
    get openNow() {
      return [...open.values()];
    },
  };
  return io;
};
/** Hot bytes are read in the background: wait until `check` holds. */
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 5 });
/** Node's file calls, counting the reads begun and those whose answer has been handled. */
const readingIo = () => {
  const count = { begun: 0, answered: 0 };
  const read = ((fd: number, buffer: Buffer, offset: number, length: number, position: number, cb: (err: NodeJS.ErrnoException | null, n: number, b: Buffer) => void) => {
    count.begun++;
    nodeFileIo.read(fd, buffer, offset, length, position, (err, n, b) => {
      cb(err, n, b);
      count.answered++;
    });
  }) as FileIo['read'];
  return {
    ...nodeFileIo,
    read,
    get begun(): number {
      return count.begun;
    },
    /** Every read begun has been answered: no hot file is still loading. */
    get settled(): boolean {
      return count.answered === count.begun;
    },
  };
};

describe('createOpenFileCache', () => {
  let dir: string;
  let clock: number;
  const now = () => clock;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-ofc-'));
    clock = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('shares one descriptor between requests for the same file', async () => {
    const io = countingIo();
    const cache = createOpenFileCache(now, { io });
    await writeFile(join(dir, 'a'), 'hello');
    const [x, y] = await Promise.all([cache.acquire(join(dir, 'a')), cache.acquire(join(dir, 'a'))]);
    expect(io.opened).toBe(1);
    expect(await contents(x!)).toBe('hello');
    expect(await contents(y!)).toBe('hello');
    expect(x!.etag).toMatch(/^"[0-9a-f]+-5"$/);
    expect(cache.size).toBe(1);
    x!.release();
    y!.release();
    cache.clear();
  });

  it('answers null for missing paths and folders', async () => {
    const cache = createOpenFileCache(now);
    expect(await cache.acquire(join(dir, 'missing'))).toBeNull();
    expect(await cache.acquire(dir)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('sees a file renamed into place once the entry is older than the ttl', async () => {
    const cache = createOpenFileCache(now, { ttlMs: 1000 });
    const path = join(dir, 'tier.mp4');
    await writeFile(path, 'old');
    const first = (await cache.acquire(path))!;
    first.release();
    await writeFile(join(dir, 'next'), 'newer');
    await rename(join(dir, 'next'), path);
    clock += 500;
    expect(await contents((await cache.acquire(path))!)).toBe('old');
    clock += 600;
    const fresh = (await cache.acquire(path))!;
    expect(await contents(fresh)).toBe('newer');
    expect(fresh.etag).not.toBe(first.etag);
    cache.clear();
  });

  it('keeps an unchanged entry after the ttl', async () => {
    const io = countingIo();
    const cache = createOpenFileCache(now, { ttlMs: 1000, io });
    await writeFile(join(dir, 'same'), 'same');
    (await cache.acquire(join(dir, 'same')))!.release();
    clock += 5000;
    expect(await contents((await cache.acquire(join(dir, 'same')))!)).toBe('same');
    expect(io.opened).toBe(1);
    cache.clear();
  });

  it('holds the bytes of hot files in memory within its budget', async () => {
    const cache = createOpenFileCache(now, { hotAfter: 2, maxBytes: 400 });
    await writeFile(join(dir, 'one'), 'x'.repeat(100));
    await writeFile(join(dir, 'two'), 'y'.repeat(100));
    await writeFile(join(dir, 'big'), 'z'.repeat(101));
    const use = async (name: string) => {
      const f = (await cache.acquire(join(dir, name)))!;
      f.release();
      return f;
    };
    expect((await use('one')).bytes).toBeNull();
    await use('one');
    await until(() => cache.bytesHeld === 100);
    expect((await use('one')).bytes?.toString()).toBe('x'.repeat(100));
    expect(cache.bytesHeld).toBe(100);
    await use('two');
    await use('two');
    await until(() => cache.bytesHeld === 200);
    // Both fit in 400 bytes; the least recently used one makes room when they do not.
    expect(cache.bytesHeld).toBe(200);
    const io = readingIo();
    const small = createOpenFileCache(now, { hotAfter: 1, maxBytes: 400, io });
    const a = (await small.acquire(join(dir, 'one')))!;
    a.release();
    const b = (await small.acquire(join(dir, 'two')))!;
    b.release();
    await until(() => small.bytesHeld === 200);
    expect(small.bytesHeld).toBe(200);
    // Over a quarter of the budget: never held in memory.
    const readsBefore = io.begun;
    const big = (await small.acquire(join(dir, 'big')))!;
    big.release();
    expect((await small.acquire(join(dir, 'big')))!.bytes).toBeNull();
    expect(io.begun).toBe(readsBefore);
    expect(small.bytesHeld).toBe(200);
    cache.clear();
    small.clear();
    expect(small.bytesHeld).toBe(0);
  });

  it('makes room for a new hot file by dropping the least recently used bytes', async () => {
    const io = readingIo();
    const cache = createOpenFileCache(now, { hotAfter: 1, maxBytes: 800, io });
    for (const name of ['a', 'b', 'c']) await writeFile(join(dir, name), name.repeat(200));
    for (const [i, name] of ['a', 'b', 'c'].entries()) {
      (await cache.acquire(join(dir, name)))!.release();
      await until(() => cache.bytesHeld === 200 * (i + 1));
    }
    expect(cache.bytesHeld).toBe(600);
    await writeFile(join(dir, 'd'), 'd'.repeat(200));
    await writeFile(join(dir, 'e'), 'e'.repeat(200));
    (await cache.acquire(join(dir, 'd')))!.release();
    await until(() => cache.bytesHeld === 800);
    const readsBefore = io.begun;
    (await cache.acquire(join(dir, 'e')))!.release();
    await until(() => io.begun > readsBefore && io.settled);
    expect(cache.bytesHeld).toBe(800);
    expect((await cache.acquire(join(dir, 'a')))!.bytes).toBeNull();
    expect((await cache.acquire(join(dir, 'e')))!.bytes?.toString()).toBe('e'.repeat(200));
    cache.clear();
  });

  it('closes an evicted descriptor only after its last reader is done', async () => {
    const io = countingIo();
    const cache = createOpenFileCache(now, { maxEntries: 1, io });
    await writeFile(join(dir, 'a'), 'aaa');
    await writeFile(join(dir, 'b'), 'bbb');
    const a = (await cache.acquire(join(dir, 'a')))!;
    (await cache.acquire(join(dir, 'b')))!.release();
    expect(cache.size).toBe(1);
    expect(await contents(a)).toBe('aaa');
    expect(io.openNow).toContain(join(dir, 'a'));
    a.release();
    expect(io.openNow).not.toContain(join(dir, 'a'));
    // A reply that releases twice (or reads after) closes nothing more and reads nothing.
    a.release();
    await expect(contents(a)).rejects.toThrow('read after the file was released');
    cache.clear();
    expect(io.openNow).toEqual([]);
    expect(io.doubleCloses).toBe(0);
  });

  it('closes an entry evicted while it was being revalidated once: a file opened meanwhile keeps its descriptor', async () => {
    const io = countingIo();
    const cache = createOpenFileCache(now, { ttlMs: 1000, io });
    await writeFile(join(dir, 'a'), 'aaa');
    await writeFile(join(dir, 'other'), 'other');
    (await cache.acquire(join(dir, 'a')))!.release();
    clock += 1500;
    // The entry is stale: this acquire stats the path again. Meanwhile the entry is dropped (the
    // sweeper, a full cache or a clear), its descriptor closed, and its number given to a new file.
    let answerStat = () => {};
    const statAsked = new Promise<void>((asked) => {
      io.holdStat = (answer) => {
        answerStat = answer;
        asked();
      };
    });
    const again = cache.acquire(join(dir, 'a'));
    await statAsked;
    cache.clear();
    await io.closed;
    const other = openSync(join(dir, 'other'), 'r');
    try {
      io.holdStat = null;
      answerStat();
      const file = (await again)!;
      expect(await contents(file)).toBe('aaa');
      file.release();
      await io.closed;
      expect(io.doubleCloses).toBe(0);
      expect(readlinkSync(`/proc/self/fd/${other}`)).toBe(join(dir, 'other'));
      expect(fstatSync(other).size).toBe(5);
    } finally {
      closeSync(other);
      cache.clear();
    }
  });
});
