import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { joinLibraries } from '../library-links.js';
import { sourceInside } from '../media/media-paths.js';
import { buildFixtureLibrary } from '../test/fixtures.js';
import { createScanner, type Scanner } from './scanner-service.js';

/**
 * Several libraries (MUSIC_DIRS): the scanner walks each library's folder, a song's path starts with its
 * library's id and tracks.library_id says which library it is in; its file opens through the library's link.
 */
describe.each(ENGINES)('several music libraries on %s', (engine) => {
  let fixtures: string;
  let dataDir: string;
  let t: TestDb;
  let scanner: Scanner;
  let config: Config;
  const q = <T extends object>(sql: string, params: unknown[] = []) => t.db.query<T>(sql, params);
  const byLibrary = async () =>
    (await q<{ library_id: string; n: number }>('select library_id, count(*)::int as n from tracks group by library_id order by library_id')).map(
      (r) => `${r.library_id}: ${r.n}`,
    );

  beforeAll(async () => {
    fixtures = await mkdtemp(join(tmpdir(), 'lyra-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-data-'));
    await buildFixtureLibrary(fixtures);
    t = await createTestDb(engine, { migrated: ['catalogue'] });
    config = loadConfig({
      DATA_DIR: dataDir,
      MUSIC_DIRS: `Music=${join(fixtures, 'Mira Solen')}; Game Scores=${join(fixtures, 'wesnoth')}`,
      SCAN_WATCH: 'off',
    });
    await joinLibraries(config, silentLogger);
    scanner = createScanner({ config, db: t.db, log: silentLogger, now: Date.now }, { batchSize: 3 });
    await scanner.rescan();
  });
  afterAll(async () => {
    await scanner?.stop();
    await t?.drop();
    await rm(fixtures, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('tags each song with its library, its path starting with the library’s id', async () => {
    expect(config.libraries.map((l) => [l.id, l.name])).toEqual([
      ['music', 'Music'],
      ['game-scores', 'Game Scores'],
    ]);
    expect(await byLibrary()).toEqual(['game-scores: 6', 'music: 3']);
    const [song] = await q<{ path: string }>("select path from tracks where path like 'music/%' order by path limit 1");
    expect(song!.path).toBe('music/Harbour Lights/01 Paper Lanterns.mp3');
    // Media opens it through the library's link; a path that leaves the libraries is still refused.
    expect(await sourceInside(config.MUSIC_DIR, song!.path)).toBe(join(fixtures, 'Mira Solen/Harbour Lights/01 Paper Lanterns.mp3'));
    expect(await sourceInside(config.MUSIC_DIR, '../../etc/passwd')).toBeNull();
  });

  it('keeps a library’s songs while its folder is missing, and a rescan finds nothing changed once it is back', async () => {
    const away = join(fixtures, 'wesnoth-away');
    await rename(join(fixtures, 'wesnoth'), away);
    try {
      await scanner.rescan();
      expect(await byLibrary()).toEqual(['game-scores: 6', 'music: 3']);
    } finally {
      await rename(away, join(fixtures, 'wesnoth'));
    }
    await scanner.rescan();
    expect(await byLibrary()).toEqual(['game-scores: 6', 'music: 3']);
  });
});
