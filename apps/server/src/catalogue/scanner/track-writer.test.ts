import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { addTaggedFixtures, buildFixtureLibrary, FIXTURE, FIXTURE_GOOD_AUDIO, NIGHT_TUNES, TAGGED_FIXTURE } from '../test/fixtures.js';
import { readAudioFile } from './read-audio.js';
import { createScanner, type Scanner } from './scanner-service.js';
import { TAGS_VERSION } from './track-writer.js';

interface TagRow {
  path: string;
  bit_depth: number | null;
  bpm: number | null;
  comment: string | null;
  mbz_track_id: string | null;
  mbz_album_id: string | null;
  isrc: string[] | null;
  moods: string[] | null;
  release_types: string[] | null;
  original_date: string | null;
  explicit_status: string;
  tags_version: number;
}

/**
 * The tags kept for Subsonic apps (0600-tag-details.sql): written with each song, summed up
 * on its album, and read once more from files a scanner of an older version left without them.
 */
describe.each(ENGINES)('tag details on %s', (engine) => {
  let t: TestDb;
  let musicDir: string;
  let dataDir: string;
  let scanner: Scanner;
  const reads: string[] = [];
  const tagsOf = async (path: string) =>
    (await t.db.query<TagRow>(
      `select path, bit_depth, bpm, comment, mbz_track_id, mbz_album_id, isrc, moods, release_types, original_date,
              explicit_status, tags_version from tracks where path = $1`,
      [path],
    ))[0]!;
  const nightTunes = async () =>
    (await t.db.query<{ compilation: boolean; release_types: string[] | null; mbz_album_id: string | null; original_date: string | null }>(
      `select al.compilation, al.release_types, al.mbz_album_id, al.original_date
         from albums al join tracks t on t.album_id = al.id where t.path = $1`,
      [TAGGED_FIXTURE.nightTunes1],
    ))[0]!;

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-tags-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-tags-data-'));
    await buildFixtureLibrary(musicDir);
    await addTaggedFixtures(musicDir);
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off' });
    scanner = createScanner(
      { config, db: t.db, log: silentLogger, now: Date.now },
      {
        readAudio: (abs, size) => {
          reads.push(relative(musicDir, abs));
          return readAudioFile(abs, size);
        },
      },
    );
    await scanner.rescan('quick');
  });
  afterAll(async () => {
    await scanner?.stop();
    await t?.drop();
    await rm(musicDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps each song’s bit depth, BPM, comment, MusicBrainz ids, ISRCs, moods, release types, original date and advisory', async () => {
    const song = NIGHT_TUNES.songs[TAGGED_FIXTURE.nightTunes1];
    expect(await tagsOf(TAGGED_FIXTURE.nightTunes1)).toEqual({
      path: TAGGED_FIXTURE.nightTunes1,
      bit_depth: 24,
      bpm: song.bpm,
      comment: song.comment,
      mbz_track_id: song.mbTrackId,
      mbz_album_id: NIGHT_TUNES.mbAlbumId,
      isrc: song.isrc,
      moods: song.moods,
      release_types: ['album', 'compilation'],
      original_date: NIGHT_TUNES.originalDate,
      explicit_status: 'explicit',
      tags_version: TAGS_VERSION,
    });
    expect(await tagsOf(FIXTURE.paperLanterns)).toMatchObject({ bpm: null, isrc: null, moods: null, explicit_status: '', tags_version: TAGS_VERSION });
    expect(await tagsOf(TAGGED_FIXTURE.nightTunes2)).toMatchObject({ explicit_status: 'clean', moods: null, comment: null });
  });

  it('sums the songs’ tags up on their album: a compilation, its release types, MusicBrainz id and original date', async () => {
    expect(await nightTunes()).toEqual({
      compilation: true,
      release_types: ['album', 'compilation'],
      mbz_album_id: NIGHT_TUNES.mbAlbumId,
      original_date: NIGHT_TUNES.originalDate,
    });
  });

  it('reads unchanged files again, once, when their rows come from an older scanner', async () => {
    // As the migration leaves a library scanned before it: no tag details, no folder remembered.
    await t.db.query(`update tracks set tags_version = 0, bit_depth = null, bpm = null, comment = null, mbz_track_id = null,
                        mbz_album_id = null, isrc = null, moods = null, release_types = null, original_date = null, explicit_status = ''`);
    await t.db.query('delete from scan_folders');
    expect(await nightTunes()).toMatchObject({ compilation: true, release_types: null, mbz_album_id: null });
    reads.length = 0;
    const report = await scanner.rescan('quick');
    expect(reads.sort()).toEqual([...FIXTURE_GOOD_AUDIO, ...Object.values(TAGGED_FIXTURE)].sort());
    expect(report).toMatchObject({ added: 0, removed: 0 });
    expect(await tagsOf(TAGGED_FIXTURE.nightTunes1)).toMatchObject({ bpm: 124, moods: ['Calm', 'Dreamy'], tags_version: TAGS_VERSION });
    expect(await nightTunes()).toMatchObject({ release_types: ['album', 'compilation'], mbz_album_id: NIGHT_TUNES.mbAlbumId });
    reads.length = 0;
    await scanner.rescan('quick');
    await scanner.rescan('full');
    expect(reads).toEqual([]);
  });
});
