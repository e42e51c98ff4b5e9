import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_MUSIC_DIR, buildFixtureLibrary, FIXTURE } from '../test/fixtures.js';
import { createParsePool } from './parse-pool.js';
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

describe('the tag-reading worker threads', () => {
  const pool = createParsePool(2);
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
