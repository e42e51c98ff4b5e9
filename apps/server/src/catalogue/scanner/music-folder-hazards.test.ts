import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, open, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { buildFixtureLibrary, FIXTURE, FIXTURE_BAD_AUDIO, FIXTURE_GOOD_AUDIO } from '../test/fixtures.js';
import { readAudioFile, ZEROS_MESSAGE } from './read-audio.js';
import { createScanner, type ScanReport, type Scanner } from './scanner-service.js';

/**
 * A music folder with what a server must survive: links back up the tree
 * (`sub/up -> ..`, `sub/self -> .`, `sub/abs -> <the music folder>`), a FIFO
 * named like a song (opening it would wait for a writer forever), a folder
 * named like a song, and a 1.9 GiB sparse file (no disk used: all holes). The
 * scan finishes and reports each; the watcher watches each real folder once.
 */
const HUGE = 'a-huge.mp3';
const FIFO = 'Loose/pipe.mp3';
const IN_FOLDER = 'x.mp3/inside.mp3';
const REAL_FOLDERS = ['', 'Broken', 'Formats', 'Loose', 'Mira Solen', 'Mira Solen/Harbour Lights', 'Night Drive', 'Playlists', 'singularity', 'sub', 'wesnoth', 'x.mp3'];
const LOOPS = [
  { path: 'sub/abs', reason: 'a link loop: it leads back to the music folder, not followed' },
  { path: 'sub/self', reason: 'a link loop: it leads back to sub, not followed' },
  { path: 'sub/up', reason: 'a link loop: it leads back to the music folder, not followed' },
];
const byPath = <T extends { path: string }>(list: readonly T[]) => [...list].sort((a, b) => a.path.localeCompare(b.path));

describe.each(ENGINES)('a music folder with link loops, a FIFO and a sparse file on %s', (engine) => {
  let t: TestDb;
  let musicDir: string;
  let dataDir: string;
  let scanner: Scanner;
  let first: ScanReport;
  const reads: string[] = [];
  let songsWhenHugeRead = -1;
  const songs = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from tracks'))[0]!.n;

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-hazard-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-hazard-data-'));
    await buildFixtureLibrary(musicDir);
    await mkdir(join(musicDir, 'sub'));
    await symlink('..', join(musicDir, 'sub', 'up'));
    await symlink('.', join(musicDir, 'sub', 'self'));
    await symlink(musicDir, join(musicDir, 'sub', 'abs'));
    expect(spawnSync('mkfifo', [join(musicDir, FIFO)]).status).toBe(0);
    await mkdir(join(musicDir, 'x.mp3'));
    await copyFile(join(musicDir, FIXTURE.untagged), join(musicDir, IN_FOLDER));
    // All holes, no disk used; first in walk order, so the scan's first batch holds it.
    const huge = await open(join(musicDir, HUGE), 'w');
    await huge.truncate(Math.floor(1.9 * 1024 ** 3));
    await huge.close();

    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'on' });
    scanner = createScanner(
      { config, db: t.db, log: silentLogger, now: Date.now },
      {
        batchSize: 5,
        watchDebounceMs: 150,
        readAudio: async (abs, size) => {
          const rel = relative(musicDir, abs);
          reads.push(rel);
          if (rel === HUGE) songsWhenHugeRead = await songs();
          return readAudioFile(abs, size);
        },
      },
    );
    await scanner.start(); // the first scan, in the background
    first = await scanner.rescan(); // joins it
    await scanner.watching();
  });
  afterAll(async () => {
    await scanner?.stop();
    await t?.drop();
    if (musicDir) await rm(musicDir, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the scan and reports the link loops, the FIFO and the folder named like a song', async () => {
    expect(first).toMatchObject({ complete: true, seen: FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length + 2 });
    const expected = byPath([
      ...LOOPS,
      { path: FIFO, reason: 'not a file (a FIFO, socket or device): never opened' },
      { path: 'x.mp3', reason: 'a folder named like a song: not a song, the files in it are scanned' },
    ]);
    expect(byPath(first.leftOut)).toEqual(expected);
    expect(byPath((await scanner.status()).lastReport!.leftOut)).toEqual(expected);
    expect(reads).not.toContain(FIFO);
    expect(await t.db.query('select path from tracks where path = $1', [IN_FOLDER])).toEqual([{ path: IN_FOLDER }]);
  });

  it('reads a 1.9 GiB sparse file after every other song is in the catalogue, and reports it', async () => {
    expect(reads.at(-1)).toBe(HUGE);
    expect(reads.filter((r) => r === HUGE)).toHaveLength(1);
    expect(songsWhenHugeRead).toBe(FIXTURE_GOOD_AUDIO.length + 1);
    expect(await t.db.query('select message from scan_errors where path = $1', [HUGE])).toEqual([{ message: ZEROS_MESSAGE }]);
    expect((await scanner.status()).errors).toBe(FIXTURE_BAD_AUDIO.length + 1);
  });

  it('watches each real folder once, reports the loops it did not follow, and still sees a song dropped in', async () => {
    expect((await scanner.status()).watch).toEqual({ folders: REAL_FOLDERS.length, complete: true, leftOut: expect.any(Array) });
    expect(byPath((await scanner.status()).watch!.leftOut)).toEqual(LOOPS);
    const dropped = 'Loose/04 Dropped In.mp3';
    await copyFile(join(musicDir, FIXTURE.echoTeo), join(musicDir, dropped));
    const paths = async () => (await t.db.query<{ path: string }>('select path from tracks where path = $1', [dropped])).map((r) => r.path);
    await expect.poll(paths, { timeout: 30_000 }).toEqual([dropped]);
    expect((await scanner.status()).watch!.folders).toBe(REAL_FOLDERS.length);
  });
});
