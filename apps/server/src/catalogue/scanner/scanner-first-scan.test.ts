import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { coverId } from '../ids.js';
import { FIXTURE, FIXTURE_BAD_AUDIO, FIXTURE_GOOD_AUDIO, ROAD_TRIP_NAME, ROAD_TRIP_RESOLVED } from '../test/fixtures.js';
import { useScannedLibrary } from './test/scanned-library.js';

/**
 * What a first scan of the fixture library writes: tracks with their audio
 * facts, albums, artists and credits, ids, covers, languages, search text, the
 * playlist, and the files it could not read.
 */
const execFileAsync = promisify(execFile);

async function ffprobe(path: string) {
  const { stdout } = await execFileAsync('ffprobe', [
    '-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate,channels:format=duration', '-of', 'json', path,
  ]);
  const j = JSON.parse(stdout) as { streams: { codec_name: string; sample_rate: string; channels: number }[]; format: { duration: string } };
  return { codec: j.streams[0]!.codec_name, sampleRate: Number(j.streams[0]!.sample_rate), channels: j.streams[0]!.channels, duration: Number(j.format.duration) };
}


describe.each(ENGINES)('scanner on %s', (engine) => {
  const { state, reads, scanned, removals, q, track, credits, album } = useScannedLibrary(engine);
  let { musicDir, dataDir, scanner, first } = state;
  beforeAll(() => void ({ musicDir, dataDir, scanner, first } = state));

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
});
