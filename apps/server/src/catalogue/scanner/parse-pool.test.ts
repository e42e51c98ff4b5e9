import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_MUSIC_DIR, buildFixtureLibrary, FIXTURE } from '../test/fixtures.js';
import { createParsePool, defaultThreads, PER_THREAD, type ParsePool } from './parse-pool.js';
import { readAudioFile, type AudioFile } from './read-audio.js';

/** Buffer and Uint8Array compare as bytes. */
const plain = (a: AudioFile) => ({ ...a, picture: a.picture ? { mime: a.picture.mime, data: Buffer.from(a.picture.data).toString('base64') } : null });

async function demoFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await demoFiles(p)));
    else if (/\.(ogg|mp3|flac|m4a|opus|wav)$/i.test(e.name)) out.push(p);
  }
  return out.sort();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('how many tag-reading threads a scan starts by default', () => {
  it('leaves one core to the rest of the scan, and has at least one thread', async () => {
    expect([1, 2, 3, 4, 8].map((cores) => defaultThreads(cores))).toEqual([1, 1, 2, 3, 7]);
    const pool = createParsePool();
    expect(pool.concurrency).toBe(defaultThreads() * PER_THREAD);
    await pool.close();
  });
});

describe('the tag-reading worker threads', () => {
  // Every read goes to a thread: a read that comes before one is ready waits and asks again.
  const early: string[] = [];
  const pool: ParsePool = createParsePool({
    threads: 2,
    inProcessReads: 0,
    readInProcess: async (abs, size) => {
      early.push(abs);
      await sleep(20);
      return pool.read(abs, size);
    },
  });
  let library: string | null = null;
  afterAll(async () => {
    await pool.close();
    if (library) await rm(library, { recursive: true, force: true });
  });

  it('read every demo file exactly as the in-process reader does', async () => {
    const files = await demoFiles(DEMO_MUSIC_DIR);
    expect(files.length).toBeGreaterThan(50);
    const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
    const threaded = await Promise.all(files.map((f, i) => pool.read(f, sizes[i]!)));
    expect(pool.threads).toBe(2);
    for (const [i, f] of files.entries()) {
      expect(plain(threaded[i]!), f).toEqual(plain(await readAudioFile(f, sizes[i]!)));
    }
  });

  it('read embedded covers and other containers alike, and fail unreadable files with the same message', async () => {
    library = await mkdtemp(join(tmpdir(), 'lyra-pool-'));
    await buildFixtureLibrary(library);
    for (const rel of [FIXTURE.paperLanterns, FIXTURE.harbourLights, FIXTURE.reprise, FIXTURE.opus, FIXTURE.wav]) {
      const abs = join(library, rel);
      const size = (await stat(abs)).size;
      expect(plain(await pool.read(abs, size)), rel).toEqual(plain(await readAudioFile(abs, size)));
    }
    for (const rel of [FIXTURE.corrupt, FIXTURE.truncated]) {
      const abs = join(library, rel);
      const size = (await stat(abs)).size;
      const local = await readAudioFile(abs, size).then(() => 'read', (e: Error) => e.message);
      expect(local).not.toBe('read');
      await expect(pool.read(abs, size)).rejects.toThrow(local);
    }
    await expect(pool.read(join(library, 'missing.mp3'), 1000)).rejects.toThrow(/ENOENT/);
  });
});

describe('a scan that reads few files', () => {
  it('reads them in process and starts no thread; past the limit threads start, and reads go to them once one is ready', async () => {
    const files = (await demoFiles(DEMO_MUSIC_DIR)).slice(0, 12);
    const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
    const inProcess: string[] = [];
    const pool = createParsePool({
      threads: 2,
      inProcessReads: 4,
      readInProcess: (abs, size) => {
        inProcess.push(abs);
        return readAudioFile(abs, size);
      },
    });
    try {
      for (let i = 0; i < 4; i++) await pool.read(files[i]!, sizes[i]!);
      expect(inProcess).toEqual(files.slice(0, 4));
      expect(pool.threads).toBe(0);
      // The fifth read starts the threads; until one has loaded its parser, reads stay in process.
      const fifth = await pool.read(files[4]!, sizes[4]!);
      expect(pool.threads).toBe(2);
      expect(plain(fifth)).toEqual(plain(await readAudioFile(files[4]!, sizes[4]!)));
      await expect.poll(async () => {
        const n = inProcess.length;
        await pool.read(files[5]!, sizes[5]!);
        return inProcess.length === n;
      }, { timeout: 10_000, interval: 20 }).toBe(true);
      const settled = inProcess.length;
      for (let i = 6; i < 12; i++) expect(plain(await pool.read(files[i]!, sizes[i]!))).toEqual(plain(await readAudioFile(files[i]!, sizes[i]!)));
      expect(inProcess.length, 'reads after a thread is ready').toBe(settled);
    } finally {
      await pool.close();
    }
    expect(pool.threads).toBe(0);
  });
});
