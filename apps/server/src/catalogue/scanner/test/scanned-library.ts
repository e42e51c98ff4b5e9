import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../../config.js';
import { silentLogger } from '../../../log.js';
import { createTestDb, type Engine, type TestDb } from '../../../test/db.js';
import { buildFixtureLibrary } from '../../test/fixtures.js';
import { readAudioFile } from '../read-audio.js';
import { createScanner, type ScanReport, type Scanner } from '../scanner-service.js';

/**
 * What the scanner tests (scanner-*.test.ts) share: the fixture library in a
 * music folder of its own, scanned once by a real scanner into a fresh
 * database, with what each scan read and announced recorded, and queries of
 * the rows a file became.
 */

export interface ScannedLibrary {
  t: TestDb;
  musicDir: string;
  dataDir: string;
  scanner: Scanner;
  /** The report of the first scan (made before the first test). */
  first: ScanReport;
}

/** Scans the fixture library before the describe's tests and removes it all after them; the state is filled in before the first test. */
export function useScannedLibrary(engine: Engine) {
  const state = {} as ScannedLibrary;
  /** The files each scan read (music-folder relative); a test empties it before the scan it watches. */
  const reads: string[] = [];
  /** The report of each scan that changed something. */
  const scanned: ScanReport[] = [];
  /** The song ids each announced scan removed (open apps drop them). */
  const removals: string[][] = [];

  const q = <T extends object>(sql: string, params: unknown[] = []) => state.t.db.query<T>(sql, params);
  const track = async (path: string) => {
    const [row] = await q<Record<string, unknown> & { id: string }>('select * from tracks where path = $1', [path]);
    return row;
  };
  const credits = (path: string) =>
    q<{ name: string; role: string; position: number }>(
      `select a.name, ta.role, ta.position from track_artists ta join artists a on a.id = ta.artist_id
        join tracks t on t.id = ta.track_id where t.path = $1 order by ta.role, ta.position`,
      [path],
    );
  const album = async (path: string) => {
    const [row] = await q<{ id: string; name: string; artist: string | null; song_count: number; cover_id: string | null; norm_name: string }>(
      `select al.id, al.name, ar.name as artist, al.song_count, al.cover_id, al.norm_name
         from tracks t join albums al on al.id = t.album_id left join artists ar on ar.id = al.album_artist_id
        where t.path = $1`,
      [path],
    );
    return row;
  };
  const snapshot = async () => ({
    tracks: await q('select id, path from tracks order by path'),
    albums: await q('select id, group_key from albums order by id'),
    artists: await q('select id, group_key from artists order by id'),
    playlists: await q('select id, path from playlists order by id'),
    covers: await q('select id from covers order by id'),
  });

  beforeAll(async () => {
    const musicDir = (state.musicDir = await mkdtemp(join(tmpdir(), 'lyra-music-')));
    const dataDir = (state.dataDir = await mkdtemp(join(tmpdir(), 'lyra-data-')));
    await buildFixtureLibrary(musicDir);
    const t = (state.t = await createTestDb(engine, { migrated: ['catalogue'] }));
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off' });
    const scanner = (state.scanner = createScanner(
      { config, db: t.db, log: silentLogger, now: Date.now },
      {
        batchSize: 5, // several batches even on this small library
        readAudio: (abs, size) => {
          reads.push(relative(musicDir, abs));
          return readAudioFile(abs, size);
        },
      },
    ));
    scanner.onScanned((r, changes) => {
      scanned.push(r);
      removals.push([...changes.removedSongs].sort());
    });
    state.first = await scanner.rescan();
  });
  afterAll(async () => {
    await state.scanner?.stop();
    await state.t?.drop();
    if (state.musicDir) await rm(state.musicDir, { recursive: true, force: true });
    if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  });

  return { state, reads, scanned, removals, q, track, credits, album, snapshot };
}
