import { mkdir, mkdtemp, copyFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { addTaggedFixtures, buildFixtureLibrary, FIXTURE } from '../test/fixtures.js';
import { readAudioFile, type ReadAudio } from './read-audio.js';
import { catchUpSince, finishUpkeep } from './deferred-upkeep.js';
import { createScanner, type Scanner } from './scanner-service.js';

/**
 * A first scan writes its songs without the triggers' upkeep and does it once at its end
 * (deferred-upkeep.ts). The catalogue it leaves is the one scans with the triggers leave over
 * the same files, and a first scan stopped or killed midway is caught up.
 */

/** Every catalogue table the scanner writes to or the triggers keep. */
const TABLES = [
  'tracks', 'track_artists', 'albums', 'artists', 'album_genres', 'catalogue_words', 'covers', 'playlists',
  'playlist_tracks', 'scan_errors', 'track_loudness', 'album_loudness', 'track_lyrics',
];
/** Columns that say when, not what: they differ between any two scans (folder_sig holds the cover file's mtime). */
const WHEN = ['scan_gen', 'mtime_ms', 'scanned_at', 'folder_sig'];
/** A row as JSON, sums of lengths rounded: added up in another order, the last digit differs. */
const canonical = (json: string) =>
  JSON.stringify(JSON.parse(json, (_key, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toFixed(9)) : v)));

describe.each(ENGINES)('deferred upkeep of a first scan on %s', (engine) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const f of cleanup.splice(0).reverse()) await f();
  });

  const temp = async (prefix: string) => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  const library = async () => {
    const musicDir = await temp('lyra-music-');
    await buildFixtureLibrary(musicDir);
    await addTaggedFixtures(musicDir);
    return musicDir;
  };
  const catalogue = async (musicDir: string, readAudio: ReadAudio = readAudioFile) => {
    const t: TestDb = await createTestDb(engine, { migrated: ['catalogue'] });
    cleanup.push(() => t.drop());
    const dataDir = await temp('lyra-data-');
    const scanner: Scanner = createScanner(
      { config: loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off' }), db: t.db, log: silentLogger, now: Date.now },
      { batchSize: 4, readAudio },
    );
    cleanup.push(() => scanner.stop());
    return { t, scanner };
  };

  /** Each table's rows, as JSON, sorted; timestamps and scan generations left out. */
  const snapshot = async (t: TestDb) => {
    const out: Record<string, string[]> = {};
    for (const table of TABLES) {
      const when = await t.db.query<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = $1 and (data_type like 'timestamp%' or column_name = any($2::text[]))`,
        [table, WHEN],
      );
      const rows = await t.db.query<{ r: string }>(`select (to_jsonb(x) - $1::text[])::text as r from ${table} x`, [
        when.map((c) => c.column_name),
      ]);
      out[table] = rows.map((row) => canonical(row.r)).sort();
    }
    return out;
  };
  const deferredFlag = async (t: TestDb) =>
    (await t.db.query<{ d: boolean }>('select upkeep_deferred as d from scan_state where id = 1'))[0]?.d;

  it('leaves the same catalogue as scans that add the same files to a catalogue with songs', async () => {
    const music = await library();
    const first = await catalogue(music);
    const report = await first.scanner.rescan();
    expect(report).toMatchObject({ complete: true, errors: 2 });
    expect(report.phasesMs.upkeep).toBeGreaterThanOrEqual(0);
    expect(await deferredFlag(first.t)).toBe(false);

    // The same library, scanned as it grows: one song first (a first scan), then the rest,
    // written with the triggers into a catalogue that has songs.
    const growing = await temp('lyra-music-');
    await mkdir(dirname(join(growing, FIXTURE.echoTeo)), { recursive: true });
    await copyFile(join(music, FIXTURE.echoTeo), join(growing, FIXTURE.echoTeo));
    const grown = await catalogue(growing);
    await grown.scanner.rescan();
    await buildFixtureLibrary(growing);
    await addTaggedFixtures(growing);
    const later = await grown.scanner.rescan();
    expect(later.complete).toBe(true);
    expect(later.phasesMs.upkeep).toBeUndefined();

    const a = await snapshot(first.t);
    const b = await snapshot(grown.t);
    // Only the playlist's absolute entries name each library's own folder.
    b.playlist_tracks = b.playlist_tracks!.map((r) => r.replaceAll(growing, music));
    b.playlists = b.playlists!.map((r) => r.replaceAll(growing, music));
    expect(a.tracks!.length).toBeGreaterThan(10);
    expect(a.catalogue_words!.length).toBeGreaterThan(10);
    expect(a.album_genres!.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  }, 300_000);

  it('gives copies of one file in different batches the ids that scans looking them up give', async () => {
    // A first scan keeps the ids it wrote instead of looking them up (track-writer.ts): a copy in a
    // later batch still gets an id of its own, the one a scan into a catalogue with songs gives it.
    const copies = ['A/1.mp3', 'A/2.mp3', 'B/1.mp3', 'B/2.mp3', 'C/1.mp3', 'C/2.mp3', 'C/3.mp3', 'D/1.mp3', 'D/2.mp3'];
    const fill = async (dir: string, paths: string[]) => {
      for (const rel of paths) {
        await mkdir(dirname(join(dir, rel)), { recursive: true });
        await copyFile(join(source, FIXTURE.echoTeo), join(dir, rel));
      }
    };
    const source = await library();
    const music = await temp('lyra-music-');
    await fill(music, copies);
    const first = await catalogue(music);
    expect(await first.scanner.rescan()).toMatchObject({ complete: true, added: copies.length });
    const growing = await temp('lyra-music-');
    await fill(growing, copies.slice(0, 1));
    const grown = await catalogue(growing);
    await grown.scanner.rescan();
    await fill(growing, copies.slice(1));
    expect(await grown.scanner.rescan()).toMatchObject({ complete: true, added: copies.length - 1 });
    const ids = (t: TestDb) => t.db.query<{ path: string; id: string }>('select path, id from tracks order by path');
    const a = await ids(first.t);
    expect(new Set(a.map((r) => r.id)).size).toBe(copies.length);
    expect(await ids(grown.t)).toEqual(a);
  }, 300_000);

  it('a first scan stopped midway leaves its songs with their words and album figures', async () => {
    const music = await library();
    let reads = 0;
    const { t, scanner } = await catalogue(music, async (abs, size) => {
      reads += 1;
      if (reads === 9) void scanner.stop();
      return readAudioFile(abs, size);
    });
    const report = await scanner.rescan();
    expect(report.complete).toBe(false);
    expect(report.phasesMs.upkeep).toBeGreaterThanOrEqual(0);
    expect(await deferredFlag(t)).toBe(false);
    const [row] = await t.db.query<{ songs: number; counted: number; words: number; word_songs: number }>(
      `select (select count(*)::int from tracks) as songs,
              (select coalesce(sum(song_count), 0)::int from albums) as counted,
              (select count(*)::int from catalogue_words) as words,
              (select count(*)::int from (select distinct unnest(tsvector_to_array(search_tsv)) from tracks) w) as word_songs`,
    );
    expect(row!.songs).toBeGreaterThan(0);
    expect(row!.counted).toBe(row!.songs);
    expect(row!.words).toBe(row!.word_songs);
  }, 300_000);

  it('a catalogue left by a killed first scan is caught up by the next scan', async () => {
    const music = await library();
    const { t, scanner } = await catalogue(music);
    await scanner.rescan();
    const whole = await snapshot(t);
    // What a first scan killed during its writes leaves: songs, and none of their upkeep.
    await t.db.exec(`delete from catalogue_words; delete from album_genres;
      update albums set song_count = 0, duration_s = 0, compilation = false, year = null, cover_id = null;
      update scan_state set upkeep_deferred = true`);
    const next = await scanner.rescan();
    expect(next.complete).toBe(true);
    expect(await deferredFlag(t)).toBe(false);
    expect(await snapshot(t)).toEqual(whole);
  }, 300_000);

  it('catches up, while a first scan goes on, the songs written since a time', async () => {
    const music = await library();
    const { t, scanner } = await catalogue(music);
    await scanner.rescan();
    const whole = await snapshot(t);
    await t.db.exec(`delete from catalogue_words; delete from album_genres;
      update albums set song_count = 0, duration_s = 0, compilation = false`);
    // Nothing written since now; then every song.
    const [{ now }] = (await t.db.query<{ now: string }>('select now()::text as now')) as [{ now: string }];
    await catchUpSince(t.db, now);
    expect(await t.db.query('select word from catalogue_words')).toEqual([]);
    expect(await catchUpSince(t.db, '-infinity')).toEqual(expect.any(String));
    expect(await snapshot(t)).toEqual(whole);
  }, 300_000);

  it('ends a first scan caught up midway with the counts a recount over every song gives', async () => {
    const music = await library();
    const { t, scanner } = await catalogue(music);
    await scanner.rescan();
    const whole = await snapshot(t);
    // Half the songs written before the last catch-up (their words counted then), half after it.
    await t.db.exec(`update tracks set scanned_at = case when path < (select percentile_disc(0.5) within group (order by path) from tracks)
        then '2000-01-01'::timestamptz else '2000-01-03'::timestamptz end;
      delete from catalogue_words;
      insert into catalogue_words (word, tracks)
        select w, count(*) from tracks, unnest(tsvector_to_array(search_tsv)) as w where scanned_at < '2000-01-02' group by w;
      delete from album_genres; update albums set song_count = 0, duration_s = 0, compilation = false`);
    const [{ shared }] = (await t.db.query<{ shared: number }>(
      `select count(*)::int as shared from catalogue_words c
        where exists (select 1 from tracks where scanned_at > '2000-01-02' and search_tsv @@ to_tsquery('simple', quote_literal(c.word)))`,
    )) as [{ shared: number }];
    expect(shared).toBeGreaterThan(0); // words of both halves: their counts are added to, not replaced
    await t.db.transaction((tx) => finishUpkeep(tx, '2000-01-02'));
    expect(await snapshot(t)).toEqual(whole);
  }, 300_000);
});
