import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { coverId } from '../ids.js';
import { buildFixtureLibrary, FIXTURE, FIXTURE_BAD_AUDIO, FIXTURE_GOOD_AUDIO, ROAD_TRIP_NAME, ROAD_TRIP_RESOLVED } from '../test/fixtures.js';
import { readAudioFile } from './read-audio.js';
import { createScanner, type ScanReport, type Scanner } from './scanner-service.js';

const execFileAsync = promisify(execFile);

async function ffprobe(path: string) {
  const { stdout } = await execFileAsync('ffprobe', [
    '-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate,channels:format=duration', '-of', 'json', path,
  ]);
  const j = JSON.parse(stdout) as { streams: { codec_name: string; sample_rate: string; channels: number }[]; format: { duration: string } };
  return { codec: j.streams[0]!.codec_name, sampleRate: Number(j.streams[0]!.sample_rate), channels: j.streams[0]!.channels, duration: Number(j.format.duration) };
}

describe.each(ENGINES)('scanner on %s', (engine) => {
  let t: TestDb;
  let musicDir: string;
  let dataDir: string;
  let scanner: Scanner;
  let first: ScanReport;
  const reads: string[] = [];
  const scanned: ScanReport[] = [];
  /** The song ids each announced scan removed (open apps drop them). */
  const removals: string[][] = [];

  const q = <T extends object>(sql: string, params: unknown[] = []) => t.db.query<T>(sql, params);
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
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-data-'));
    await buildFixtureLibrary(musicDir);
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off' });
    scanner = createScanner(
      { config, db: t.db, log: silentLogger, now: Date.now },
      {
        batchSize: 5, // several batches even on this small library
        readAudio: (abs, size) => {
          reads.push(relative(musicDir, abs));
          return readAudioFile(abs, size);
        },
      },
    );
    scanner.onScanned((r, changes) => {
      scanned.push(r);
      removals.push([...changes.removedSongs].sort());
    });
    first = await scanner.rescan();
  });
  afterAll(async () => {
    await scanner?.stop();
    await t?.drop();
    await rm(musicDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads every audio file once, and counts the undecodable ones without stopping', async () => {
    const all = [...FIXTURE_GOOD_AUDIO, ...FIXTURE_BAD_AUDIO];
    expect(first).toMatchObject({ seen: all.length, read: all.length, skipped: 0, removed: 0, errors: 2, complete: true, changed: true });
    expect(reads.sort()).toEqual([...all].sort());
    expect((await q<{ path: string }>('select path from tracks order by path')).map((r) => r.path)).toEqual([...FIXTURE_GOOD_AUDIO].sort());
    const errors = await q<{ path: string; message: string }>('select path, message from scan_errors order by path');
    expect(errors).toEqual([
      { path: FIXTURE.corrupt, message: 'mostly not audio: too few decodable frames' },
      { path: FIXTURE.truncated, message: 'no audio stream found' },
    ]);
    // Harbour Lights, Night Drive, the Wesnoth OST, Endgame: Singularity, and the folders of files without album tags (Loose, Formats).
    expect(await scanner.status()).toMatchObject({ scanning: false, tracks: FIXTURE_GOOD_AUDIO.length, albums: 6, playlists: 1, errors: 2 });
    expect(scanned).toHaveLength(1);
    expect(removals).toEqual([[]]);
  });

  it('records codec, container and audio facts as ffprobe sees them', async () => {
    const expected: [string, string, string][] = [
      [FIXTURE.paperLanterns, 'mp3', 'mp3'],
      [FIXTURE.harbourLights, 'aac', 'mp4'],
      [FIXTURE.reprise, 'flac', 'flac'],
      [FIXTURE.victory, 'vorbis', 'ogg'],
      [FIXTURE.marchThee, 'vorbis', 'ogg'],
      [FIXTURE.opus, 'opus', 'ogg'],
    ];
    for (const [path, codec, container] of expected) {
      const row = (await track(path))!;
      const probe = await ffprobe(join(musicDir, path));
      expect(probe.codec).toBe(codec);
      expect(row).toMatchObject({ codec, container, sample_rate: probe.sampleRate, channels: probe.channels });
      expect(row.duration_s as number).toBeCloseTo(probe.duration, 1);
      expect(row.bitrate_kbps).toBeGreaterThan(0);
    }
    expect((await track(FIXTURE.paperLanterns))!.bitrate_kbps).toBe(128);
    const wav = (await track(FIXTURE.wav))!;
    const probe = await ffprobe(join(musicDir, FIXTURE.wav));
    expect(probe.codec).toBe('pcm_s16le');
    expect(wav).toMatchObject({ codec: 'pcm', container: 'wav', sample_rate: probe.sampleRate, channels: probe.channels, title: 'Tone Sample' });
    expect(wav.duration_s as number).toBeCloseTo(probe.duration, 1);
    expect(await track(FIXTURE.opus)).toMatchObject({ title: 'Opus Sample', language: 'english' });
  });

  it('groups albums by name and album artist, disc-aware', async () => {
    const harbour = await album(FIXTURE.paperLanterns);
    expect(harbour).toMatchObject({ name: 'Harbour Lights', artist: 'Mira Solen', song_count: 3, norm_name: 'harbour lights' });
    const order = await q<{ title: string; disc_no: number; track_no: number }>(
      'select title, disc_no, track_no from tracks where album_id = $1 order by disc_no, track_no',
      [harbour!.id],
    );
    expect(order).toEqual([
      { title: 'Paper Lanterns', disc_no: 1, track_no: 1 },
      { title: 'Harbour Lights', disc_no: 1, track_no: 2 },
      { title: 'Paper Lanterns (Reprise)', disc_no: 2, track_no: 1 },
    ]);
    // No ALBUMARTIST and two different artists: a compilation.
    expect(await album(FIXTURE.echoTeo)).toMatchObject({ name: 'Night Drive', artist: 'Various Artists', song_count: 2 });
    // victory.ogg lacks ALBUMARTIST but its folder-mates say 'Wesnoth Project'.
    const wesnoth = await album(FIXTURE.victory);
    // silence.ogg has no tags at all: it joins the one album its folder-mates name.
    expect(wesnoth).toMatchObject({ name: 'The Battle for Wesnoth OST', artist: 'Wesnoth Project', song_count: 6 });
    expect((await album(FIXTURE.victory2))!.id).toBe(wesnoth!.id);
    expect((await track(FIXTURE.silence))!.album_id).toBe(wesnoth!.id);
    expect(await album(FIXTURE.marchThee)).toMatchObject({ name: 'Endgame: Singularity Original Soundtrack', artist: 'Maxstack', song_count: 2 });
    // A folder of untagged files is an album named after the folder, in file-name order.
    expect(await album(FIXTURE.untagged)).toMatchObject({ name: 'Loose', artist: null, song_count: 1 });
    expect(await track(FIXTURE.untagged)).toMatchObject({ track_no: 3, disc_no: null });
  });

  it('credits primary, featured and composer artists', async () => {
    expect(await credits(FIXTURE.paperLanterns)).toEqual([
      { name: 'Ola Brandt', role: 'composer', position: 0 },
      { name: 'Teo Vance', role: 'featured', position: 0 },
      { name: 'Mira Solen', role: 'primary', position: 0 },
    ]);
    const artists = await q<{ name: string; norm_name: string }>('select name, norm_name from artists order by name');
    expect(artists.map((a) => a.name)).toContain('Teo Vance');
    for (const a of artists) expect(a.norm_name).toBe(a.name.toLowerCase());
  });

  it('keeps two songs with the same title by different artists apart', async () => {
    const teo = (await track(FIXTURE.echoTeo))!;
    const ola = (await track(FIXTURE.echoOla))!;
    expect([teo.title, ola.title]).toEqual(['Echo', 'Echo']);
    expect(teo.id).not.toBe(ola.id);
    expect((await credits(FIXTURE.echoTeo)).map((c) => c.name)).toEqual(['Teo Vance']);
    expect((await credits(FIXTURE.echoOla)).map((c) => c.name)).toEqual(['Ola Brandt']);
  });

  it('titles untagged files from their file names', async () => {
    expect((await track(FIXTURE.untagged))!.title).toBe('An Untagged Song');
    expect((await track(FIXTURE.silence))!.title).toBe('Silence');
    expect(await credits(FIXTURE.silence)).toEqual([]);
  });

  it('gives songs 11-character url-safe ids and other entities numeric ids', async () => {
    for (const r of await q<{ id: string }>('select id from tracks')) expect(r.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    for (const table of ['albums', 'artists', 'playlists']) {
      for (const r of await q<{ id: string }>(`select id from ${table}`)) expect(r.id).toMatch(/^[1-9][0-9]{9}$/);
    }
  });

  it('stores each cover once under DATA_DIR/covers, named by the hash of its bytes', async () => {
    const covers = await q<{ id: string; mime: string; width: number; height: number }>('select id, mime, width, height from covers order by width');
    expect(covers.map((c) => [c.mime, c.width, c.height])).toEqual([
      ['image/png', 200, 200],
      ['image/jpeg', 300, 300],
      ['image/jpeg', 320, 320],
    ]);
    for (const c of covers) expect(coverId(await readFile(join(dataDir, 'covers', c.id)))).toBe(c.id);
    const paper = (await track(FIXTURE.paperLanterns))!;
    expect(paper).toMatchObject({ cover_source: 'embedded' });
    expect((await track(FIXTURE.harbourLights))!.cover_id).toBe(paper.cover_id);
    const folder = coverId(await readFile(join(musicDir, FIXTURE.folderCover)));
    expect(await track(FIXTURE.echoTeo)).toMatchObject({ cover_id: folder, cover_source: 'folder' });
    expect((await track(FIXTURE.victory))!.cover_id).toBeNull();
    // Album cover = its first track's; artist cover = one of their albums'.
    expect((await album(FIXTURE.reprise))!.cover_id).toBe(paper.cover_id);
    expect((await album(FIXTURE.echoOla))!.cover_id).toBe(folder);
    const [mira] = await q<{ cover_id: string }>("select cover_id from artists where name = 'Mira Solen'");
    expect(mira!.cover_id).toBe(paper.cover_id);
  });

  it('maps language tags to lowercase English names', async () => {
    expect((await track(FIXTURE.paperLanterns))!.language).toBe('english');
    expect((await track(FIXTURE.reprise))!.language).toBe('french');
    expect((await track(FIXTURE.victory))!.language).toBe('');
  });

  it('fills the search text and tsvector from title, artists and album', async () => {
    expect((await track(FIXTURE.paperLanterns))!.search_text).toBe('paper lanterns mira solen teo vance harbour lights');
    const hits = await q<{ path: string }>(
      "select path from tracks where search_tsv @@ to_tsquery('simple', 'teo & vance') order by path",
    );
    expect(hits.map((h) => h.path)).toEqual([FIXTURE.paperLanterns, FIXTURE.echoTeo, FIXTURE.opus].sort());
    expect((await track(FIXTURE.paperLanterns))!.norm_title).toBe('paper lanterns');
  });

  it('turns the .m3u8 file into a playlist of the entries it can resolve', async () => {
    const [p] = await q<{ id: string; name: string; norm_name: string; source: string; path: string; cover_id: string | null }>(
      'select id, name, norm_name, source, path, cover_id from playlists',
    );
    expect(p).toMatchObject({ name: ROAD_TRIP_NAME, norm_name: 'road trip', source: 'm3u', path: FIXTURE.playlist });
    const songs = await q<{ path: string }>(
      'select t.path from playlist_tracks pt join tracks t on t.id = pt.track_id where pt.playlist_id = $1 order by pt.position',
      [p!.id],
    );
    expect(songs.map((s) => s.path)).toEqual(ROAD_TRIP_RESOLVED);
    expect(p!.cover_id).toBe((await track(FIXTURE.paperLanterns))!.cover_id);
  });

  it('rescans without re-reading unchanged files and keeps every id', async () => {
    const before = await snapshot();
    reads.length = 0;
    const again = await scanner.rescan();
    expect(reads).toEqual([]);
    const files = FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length;
    expect(again).toMatchObject({ seen: files, read: 0, skipped: files, removed: 0, errors: 0, complete: true, changed: false });
    expect(await snapshot()).toEqual(before);
    expect(scanned).toHaveLength(1); // nothing changed: no listener call
  });

  it('keeps the id of a renamed or moved file', async () => {
    const untagged = (await track(FIXTURE.untagged))!.id;
    const revelation = (await track(FIXTURE.revelation))!;
    await rename(join(musicDir, FIXTURE.untagged), join(musicDir, 'Loose/renamed_song.mp3'));
    await mkdir(join(musicDir, 'Archive'));
    await rename(join(musicDir, FIXTURE.revelation), join(musicDir, 'Archive/revelation.ogg'));
    reads.length = 0;
    const r = await scanner.rescan();
    expect(r).toMatchObject({ moved: 2, removed: 0, changed: true });
    expect(reads.sort()).toEqual(['Archive/revelation.ogg', 'Loose/renamed_song.mp3']);
    expect(await track(FIXTURE.untagged)).toBeUndefined();
    expect(await track('Loose/renamed_song.mp3')).toMatchObject({ id: untagged, title: 'Renamed Song' });
    // Its ALBUMARTIST tag keeps it on the same album from the new folder.
    expect(await track('Archive/revelation.ogg')).toMatchObject({ id: revelation.id, album_id: revelation.album_id });
    expect(scanned).toHaveLength(2);
    // A moved song is not announced as removed: queues keep it.
    expect(removals.at(-1)).toEqual([]);
  });

  it('re-reads a changed file, keeping its id', async () => {
    const before = (await track(FIXTURE.chimes))!;
    const abs = join(musicDir, FIXTURE.chimes);
    const tmp = abs + '.tmp.ogg';
    await execFileAsync('ffmpeg', ['-v', 'error', '-y', '-i', abs, '-map', '0:a', '-c', 'copy', '-map_metadata', '0:s:a:0', '-metadata:s:a:0', 'title=Chimes They Fade (Edit)', tmp]);
    await rename(tmp, abs);
    reads.length = 0;
    const r = await scanner.rescan();
    expect(reads).toEqual([FIXTURE.chimes]);
    expect(r).toMatchObject({ read: 1, moved: 0, removed: 0 });
    const after = (await track(FIXTURE.chimes))!;
    expect(after).toMatchObject({ id: before.id, title: 'Chimes They Fade (Edit)', album_id: before.album_id });
    expect(after.fingerprint).not.toBe(before.fingerprint);
  });

  it('retries a file that failed only once it changes, and gives a copy of a song its own id', async () => {
    reads.length = 0;
    await scanner.rescan();
    expect(reads).toEqual([]);
    await copyFile(join(musicDir, FIXTURE.echoOla), join(musicDir, FIXTURE.truncated));
    const r = await scanner.rescan();
    expect(reads).toEqual([FIXTURE.truncated]);
    expect(r).toMatchObject({ errors: 0, read: 1 });
    expect((await scanner.status()).errors).toBe(1);
    const copy = (await track(FIXTURE.truncated))!;
    expect(copy.fingerprint).toBe((await track(FIXTURE.echoOla))!.fingerprint);
    expect(copy.id).not.toBe((await track(FIXTURE.echoOla))!.id);
  });

  it('re-reads a folder whose cover image changed, and deletes the cover no longer used', async () => {
    const old = (await track(FIXTURE.echoOla))!.cover_id as string;
    await execFileAsync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=yellow:s=64x64', '-frames:v', '1', join(musicDir, FIXTURE.folderCover)]);
    reads.length = 0;
    await scanner.rescan();
    expect(reads.sort()).toEqual([FIXTURE.echoTeo, FIXTURE.echoOla].sort());
    const fresh = coverId(await readFile(join(musicDir, FIXTURE.folderCover)));
    expect((await track(FIXTURE.echoOla))!.cover_id).toBe(fresh);
    expect((await album(FIXTURE.echoOla))!.cover_id).toBe(fresh);
    expect(await q('select id from covers where id = $1', [old])).toEqual([]);
    expect(existsSync(join(dataDir, 'covers', old))).toBe(false);
  });

  it('deletes songs whose files are gone, with albums and artists left empty', async () => {
    const singularity = (await album(FIXTURE.marchThee))!.id;
    const gone = [(await track(FIXTURE.marchThee))!.id, (await track(FIXTURE.chimes))!.id].sort();
    await unlink(join(musicDir, FIXTURE.marchThee));
    await unlink(join(musicDir, FIXTURE.chimes));
    await unlink(join(musicDir, FIXTURE.playlist));
    const r = await scanner.rescan();
    expect(r).toMatchObject({ removed: 2, changed: true });
    expect(removals.at(-1)).toEqual(gone);
    expect(await track(FIXTURE.marchThee)).toBeUndefined();
    expect(await q('select id from albums where id = $1', [singularity])).toEqual([]);
    expect(await q("select id from artists where name = 'Maxstack'")).toEqual([]);
    expect(await q('select id from playlists')).toEqual([]);
    // Left: Harbour Lights, Night Drive, the Wesnoth OST, the copy's "Night Drive" by Ola Brandt in Broken/, Loose and Formats.
    // Good files, less the two deleted, plus the repaired copy.
    expect(await scanner.status()).toMatchObject({ tracks: FIXTURE_GOOD_AUDIO.length - 2 + 1, albums: 6, playlists: 0, errors: 1 });
  });

  it('removes a song whose file can no longer be read, and counts the error', async () => {
    const abs = join(musicDir, FIXTURE.defeat);
    const id = (await track(FIXTURE.defeat))!.id;
    await writeFile(abs, (await readFile(abs)).subarray(0, 3000));
    const r = await scanner.rescan();
    expect(r).toMatchObject({ read: 1, errors: 1, removed: 1, changed: true });
    expect(removals.at(-1)).toEqual([id]);
    expect(await track(FIXTURE.defeat)).toBeUndefined();
    expect(await q('select path from scan_errors where path = $1', [FIXTURE.defeat])).toHaveLength(1);
    await unlink(abs);
    await scanner.rescan();
    expect(await q('select path from scan_errors where path = $1', [FIXTURE.defeat])).toEqual([]);
  });

  it('refreshes album song counts when a song leaves', async () => {
    await unlink(join(musicDir, FIXTURE.harbourLights));
    await scanner.rescan();
    expect((await album(FIXTURE.paperLanterns))!.song_count).toBe(2);
  });

  it('removes nothing when the music folder is missing', async () => {
    const before = await snapshot();
    const away = musicDir + '-away';
    await rename(musicDir, away);
    try {
      const r = await scanner.rescan();
      expect(r).toMatchObject({ complete: false, removed: 0 });
      expect(await snapshot()).toEqual(before);
    } finally {
      await rename(away, musicDir);
    }
  });

  it('writes a new file dropped into the library', async () => {
    const target = join(musicDir, 'New/fresh.flac');
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(musicDir, FIXTURE.reprise), target);
    await writeFile(join(musicDir, 'New/ignored.txt'), 'x');
    const r = await scanner.rescan();
    expect(r).toMatchObject({ read: 1, changed: true });
    expect(await track('New/fresh.flac')).toMatchObject({ title: 'Paper Lanterns (Reprise)', cover_source: 'embedded' });
  });

  it('gives a disc folder without an image its album folder\'s cover', async () => {
    await mkdir(join(musicDir, 'Boxed/CD 2'), { recursive: true });
    await copyFile(join(musicDir, FIXTURE.echoOla), join(musicDir, 'Boxed/CD 2/01 Echo.flac'));
    await copyFile(join(musicDir, FIXTURE.folderCover), join(musicDir, 'Boxed/folder.jpg'));
    await scanner.rescan();
    const folder = coverId(await readFile(join(musicDir, 'Boxed/folder.jpg')));
    expect(await track('Boxed/CD 2/01 Echo.flac')).toMatchObject({ cover_id: folder, cover_source: 'folder' });
  });
});
