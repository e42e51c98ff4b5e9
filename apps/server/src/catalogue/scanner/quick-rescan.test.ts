import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { buildFixtureLibrary, FIXTURE, FIXTURE_BAD_AUDIO, FIXTURE_GOOD_AUDIO } from '../test/fixtures.js';
import { readAudioFile } from './read-audio.js';
import { createScanner, type Scanner } from './scanner-service.js';

const execFileAsync = promisify(execFile);
const FILES = FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length;
const FOLDERS = ['', 'Broken', 'Formats', 'Loose', 'Mira Solen', 'Mira Solen/Harbour Lights', 'Night Drive', 'Playlists', 'singularity', 'wesnoth'];

/**
 * Quick rescans (folder-skip.ts): a folder whose mtime and entry count did not
 * change is skipped without statting its files; `rescan('full')` (the default,
 * and what scanner-first-scan.test.ts and scanner-rescan.test.ts use) stats every file.
 */
describe.each(ENGINES)('quick rescans on %s', (engine) => {
  let t: TestDb;
  let musicDir: string;
  let dataDir: string;
  let scanner: Scanner;
  const reads: string[] = [];
  const idOf = async (path: string) =>
    (await t.db.query<{ id: string }>('select id from tracks where path = $1', [path]))[0]?.id;

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-quick-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-quick-data-'));
    await buildFixtureLibrary(musicDir);
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off' });
    scanner = createScanner(
      { config, db: t.db, log: silentLogger, now: Date.now },
      {
        batchSize: 5,
        readAudio: (abs, size) => {
          reads.push(relative(musicDir, abs));
          return readAudioFile(abs, size);
        },
      },
    );
    await scanner.rescan('quick'); // nothing known yet: every folder is listed and every file read
  });
  afterAll(async () => {
    await scanner?.stop();
    await t?.drop();
    await rm(musicDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('remembers every folder the first scan listed', async () => {
    expect(reads).toHaveLength(FILES);
    const rows = await t.db.query<{ path: string }>('select path from scan_folders order by path');
    expect(rows.map((r) => r.path)).toEqual([...FOLDERS].sort());
  });

  it('skips a folder whose mtime and entry count did not change, while a full rescan stats its files', async () => {
    // A new mtime on a file leaves its folder's mtime as it was (as a tag rewritten in place does).
    await utimes(join(musicDir, FIXTURE.victory), new Date('2024-01-02T03:04:05Z'), new Date('2024-01-02T03:04:05Z'));
    reads.length = 0;
    const quick = await scanner.rescan('quick');
    expect(reads).toEqual([]);
    expect(quick).toMatchObject({ seen: FILES, read: 0, skipped: FILES, removed: 0, complete: true, changed: false, full: false });
    expect(await t.db.query('select count(*)::int as n from tracks')).toEqual([{ n: FIXTURE_GOOD_AUDIO.length }]);
    expect((await scanner.status()).errors).toBe(FIXTURE_BAD_AUDIO.length);

    const full = await scanner.rescan('full');
    expect(reads).toEqual([FIXTURE.victory]);
    expect(full).toMatchObject({ seen: FILES, read: 1, updated: 1, added: 0, skipped: FILES - 1, full: true });
  });

  it('notices a file added to, renamed within and removed from a folder', async () => {
    const copy = 'Night Drive/03 Echo Again.mp3';
    await copyFile(join(musicDir, FIXTURE.echoTeo), join(musicDir, copy));
    reads.length = 0;
    expect(await scanner.rescan('quick')).toMatchObject({ seen: FILES + 1, read: 1, added: 1, updated: 0, removed: 0 });
    expect(reads).toEqual([copy]);
    const id = await idOf(copy);

    const renamed = 'Night Drive/04 Echo Renamed.mp3';
    await rename(join(musicDir, copy), join(musicDir, renamed));
    expect(await scanner.rescan('quick')).toMatchObject({ read: 1, moved: 1, removed: 0 });
    expect(await idOf(renamed)).toBe(id);
    expect(await idOf(copy)).toBeUndefined();

    await unlink(join(musicDir, renamed));
    expect(await scanner.rescan('quick')).toMatchObject({ seen: FILES, read: 0, removed: 1 });
    expect(await idOf(renamed)).toBeUndefined();
  });

  it('keeps the id of a file moved to another folder (favourites and playlists name songs by id)', async () => {
    const id = await idOf(FIXTURE.defeat);
    await mkdir(join(musicDir, 'Moved'));
    await rename(join(musicDir, FIXTURE.defeat), join(musicDir, 'Moved/defeat.ogg'));
    reads.length = 0;
    expect(await scanner.rescan('quick')).toMatchObject({ read: 1, moved: 1, removed: 0 });
    expect(reads).toEqual(['Moved/defeat.ogg']);
    expect(await idOf('Moved/defeat.ogg')).toBe(id);
    expect(await idOf(FIXTURE.defeat)).toBeUndefined();
  });

  it('forgets a folder that is gone', async () => {
    await rm(join(musicDir, 'Moved'), { recursive: true });
    expect(await scanner.rescan('quick')).toMatchObject({ removed: 1 });
    const rows = await t.db.query<{ path: string }>('select path from scan_folders order by path');
    expect(rows.map((r) => r.path)).toEqual([...FOLDERS].sort());
  });
});

describe.each(ENGINES)('a watched library on %s', (engine) => {
  let t: TestDb;
  let musicDir: string;
  let dataDir: string;
  let scanner: Scanner;

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-watch-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-watch-data-'));
    await buildFixtureLibrary(musicDir);
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'on' });
    scanner = createScanner({ config, db: t.db, log: silentLogger, now: Date.now }, { watchDebounceMs: 150 });
    await scanner.start();
    await scanner.rescan();
    await scanner.watching();
  });
  afterAll(async () => {
    await scanner?.stop();
    await t?.drop();
    await rm(musicDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sees a file whose tags were rewritten in place (its folder unchanged) on the quick scan the watcher starts', async () => {
    const abs = join(musicDir, FIXTURE.chimes);
    const scratch = await mkdtemp(join(tmpdir(), 'lyra-watch-edit-'));
    try {
      // Retagged elsewhere, then written over the same file: the folder's mtime and entries stay.
      const edited = join(scratch, 'edited.ogg');
      await execFileAsync('ffmpeg', ['-v', 'error', '-y', '-i', abs, '-map', '0:a', '-c', 'copy', '-map_metadata', '0:s:a:0', '-metadata:s:a:0', 'title=Chimes Rewritten', edited]);
      await writeFile(abs, await readFile(edited));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    const title = async () => (await t.db.query<{ title: string }>('select title from tracks where path = $1', [FIXTURE.chimes]))[0]?.title;
    await expect.poll(title, { timeout: 30_000 }).toBe('Chimes Rewritten');
  });
});
