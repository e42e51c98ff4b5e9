import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareTagTables } from './tag-tables.js';

let dir: string;
const FILES = ['tags.mp3', 'tags-v23.mp3', 'tags.m4a'];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lyra-tag-tables-'));
  const tags = [
    ['title', 'Paper River'], ['artist', 'Mira Solen; Teo Vance'], ['album_artist', 'Mira Solen'], ['album', 'Glass Echo'],
    ['track', '3/10'], ['disc', '1/2'], ['date', '2021-05-04'], ['genre', 'Folk'], ['composer', 'Ana Bell'],
    ['comment', 'live take'], ['TSRC', 'GBXYZ2100001'], ['mood', 'calm'],
  ];
  const meta = tags.flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  const make = (out: string, extra: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', ...meta, ...extra, join(dir, out)]);
  make('tags.mp3', ['-c:a', 'libmp3lame', '-id3v2_version', '4']);
  make('tags-v23.mp3', ['-c:a', 'libmp3lame', '-id3v2_version', '3']);
  make('tags.m4a', ['-c:a', 'aac']);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What music-metadata reads with its own tables: in a thread of its own, where nothing is shared. */
function readUnshared(paths: string[]): Promise<unknown[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    import('music-metadata').then(async ({ parseBuffer }) => {
      const out = [];
      for (const p of workerData) out.push(JSON.stringify((await parseBuffer(readFileSync(p), { path: p }, { duration: false })).common));
      parentPort.postMessage(out);
    });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: paths });
    worker.once('message', (m: string[]) => resolve(m.map((s) => JSON.parse(s))));
    worker.once('error', reject);
  });
}

describe('shareTagTables', () => {
  it('shares the tag tables of the music-metadata version installed', async () => {
    expect(await shareTagTables()).toBe(true);
  });

  it('maps the tags of ID3v2.3, ID3v2.4 and MP4 files to the same fields as music-metadata does with its own tables', async () => {
    const paths = FILES.map((f) => join(dir, f));
    const unshared = await readUnshared(paths);
    await shareTagTables();
    for (const [i, p] of paths.entries()) {
      // Twice: the second read uses the tables the first one built.
      for (let round = 0; round < 2; round++) {
        const common = (await parseBuffer(readFileSync(p), { path: p }, { duration: false })).common;
        expect(JSON.parse(JSON.stringify(common))).toEqual(unshared[i]);
      }
    }
    expect((unshared[0] as { title: string }).title).toBe('Paper River');
    expect((unshared[2] as { album: string }).album).toBe('Glass Echo');
  });
});
