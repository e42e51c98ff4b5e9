import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { buildFixtureLibrary, FIXTURE, FIXTURE_GOOD_AUDIO } from '../test/fixtures.js';
import { readAudioFile, type ReadAudio } from './read-audio.js';
import { createScanner, type Scanner } from './scanner-service.js';
import { deferSearchIndexes, missingSearchIndexes, SEARCH_INDEXES } from './search-indexes.js';

/**
 * A first scan builds the songs' search indexes once at its end (search-indexes.ts). Whatever
 * happens to it, the catalogue ends up with both indexes and its songs found by search.
 */
describe.each(ENGINES)('search indexes of a first scan on %s', (engine) => {
  let musicDir: string;
  let dataDir: string;
  let t: TestDb;
  let scanner: Scanner | null = null;

  const newScanner = (readAudio: ReadAudio = readAudioFile, music = musicDir) =>
    (scanner = createScanner(
      { config: loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: music, SCAN_WATCH: 'off' }), db: t.db, log: silentLogger, now: Date.now },
      { batchSize: 3, readAudio },
    ));
  const LANTERNS = [FIXTURE.paperLanterns, FIXTURE.reprise].sort();
  const q = <T extends object>(sql: string, params: unknown[] = []) => t.db.query<T>(sql, params);
  /** The songs both search indexes' queries find: search words, and trigram look-alikes. */
  const found = async (word: string, typo: string) => ({
    words: (await q<{ path: string }>("select path from tracks where search_tsv @@ to_tsquery('simple', $1) order by path", [word])).map((r) => r.path),
    typos: (await q<{ path: string }>('select path from tracks where $1 <% search_text order by path', [typo])).map((r) => r.path),
  });

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-music-'));
    await buildFixtureLibrary(musicDir);
  });
  afterEach(async () => {
    await scanner?.stop();
    scanner = null;
    await t?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    if (musicDir) await rm(musicDir, { recursive: true, force: true });
  });
  const fresh = async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-data-'));
    t = await createTestDb(engine, { migrated: ['catalogue'] });
  };

  it("builds both indexes at a first scan's end, and its songs are found by words and typos", async () => {
    await fresh();
    const first = await newScanner().rescan();
    expect(first).toMatchObject({ complete: true, read: FIXTURE_GOOD_AUDIO.length + 2 });
    expect(first.phasesMs.indexes).toBeGreaterThanOrEqual(0);
    expect(await missingSearchIndexes(t.db)).toEqual([]);
    expect(await found('lanterns & reprise', 'lanternss')).toEqual({ words: [FIXTURE.reprise], typos: LANTERNS });
    expect((await q<{ word: string }>("select word from catalogue_words where word = 'lanterns'")).length).toBe(1);
    // A catalogue with songs keeps its indexes through a scan.
    const second = await scanner!.rescan();
    expect(second.complete).toBe(true);
    expect(second.phasesMs.indexes).toBeUndefined();
    expect(await missingSearchIndexes(t.db)).toEqual([]);
  });

  it('a first scan stopped midway leaves both indexes in place', async () => {
    await fresh();
    let reads = 0;
    const s = newScanner(async (abs, size) => {
      reads += 1;
      if (reads === 7) void s.stop();
      return readAudioFile(abs, size);
    });
    const report = await s.rescan();
    expect(report.complete).toBe(false);
    const [{ n }] = (await q<{ n: number }>('select count(*)::int as n from tracks')) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(FIXTURE_GOOD_AUDIO.length);
    expect(await missingSearchIndexes(t.db)).toEqual([]);
  });

  it('a server stopped during a first scan gets its indexes back at the next start, before any scan reads a file', async () => {
    await fresh();
    // What a first scan does before writing; the server then dies with the indexes dropped.
    expect(await deferSearchIndexes(t.db)).toBe(true);
    expect(await missingSearchIndexes(t.db)).toEqual(SEARCH_INDEXES.map((i) => i.name));
    // The next start's scan repairs them even when the music folder is missing.
    const report = await newScanner(readAudioFile, join(musicDir, 'unmounted')).rescan();
    expect(report.complete).toBe(false);
    expect(await missingSearchIndexes(t.db)).toEqual([]);
  });

  it('a catalogue left with songs and no indexes by a killed first scan is repaired and searchable after the next scan', async () => {
    await fresh();
    await newScanner().rescan();
    for (const index of SEARCH_INDEXES) await t.db.exec(`drop index ${index.name}`);
    expect(await deferSearchIndexes(t.db)).toBe(false); // songs there: no longer a first scan
    await scanner!.stop();
    const report = await newScanner().rescan();
    expect(report.complete).toBe(true);
    expect(await missingSearchIndexes(t.db)).toEqual([]);
    expect(await found('lanterns & reprise', 'lanternss')).toEqual({ words: [FIXTURE.reprise], typos: LANTERNS });
  });
});
