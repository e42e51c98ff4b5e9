import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../config.js';

/**
 * A small real music library for tests: a few of the demo Ogg files (real
 * tags, one untagged, several artists, discs 1 and 2) plus MP3/M4A/FLAC files
 * derived from them with ffmpeg (embedded covers, a folder cover, an untagged
 * file, Opus and WAV files, two songs titled "Echo" by different artists, track 1 on disc 1 and
 * disc 2, a corrupt and a truncated file) and an .m3u8 playlist.
 *
 *   const musicDir = await mkdtemp(join(tmpdir(), 'music-'));
 *   await buildFixtureLibrary(musicDir);
 *   const t = await createTestApp(engine, { MUSIC_DIR: musicDir });
 *   await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' });
 *
 * The ffmpeg outputs are built once per machine into a cache under the OS temp
 * folder (bit-exact, so every build gives the same bytes) and copied from there.
 */
export const DEMO_MUSIC_DIR = join(REPO_ROOT, 'data/demo-music');

const execFileAsync = promisify(execFile);
const FIXTURE_VERSION = 3;

/** Paths relative to the music folder. */
export const FIXTURE = {
  paperLanterns: 'Mira Solen/Harbour Lights/01 Paper Lanterns.mp3',
  harbourLights: 'Mira Solen/Harbour Lights/02 Harbour Lights.m4a',
  reprise: 'Mira Solen/Harbour Lights/2-01 Paper Lanterns (Reprise).flac',
  echoTeo: 'Night Drive/01 Echo.mp3',
  echoOla: 'Night Drive/02 Echo.flac',
  folderCover: 'Night Drive/cover.jpg',
  untagged: 'Loose/03_an_untagged_song.mp3',
  opus: 'Formats/Opus Sample.opus',
  wav: 'Formats/tone_sample.wav',
  corrupt: 'Broken/corrupt.mp3',
  truncated: 'Broken/truncated.flac',
  playlist: 'Playlists/Road Trip.m3u8',
  notes: 'Loose/notes.txt',
  /** Real demo files (wesnoth-1.16-music, singularity-music). */
  victory: 'wesnoth/victory.ogg',
  victory2: 'wesnoth/victory2.ogg',
  silence: 'wesnoth/silence.ogg',
  defeat: 'wesnoth/defeat.ogg',
  elfLand: 'wesnoth/elf-land.ogg',
  revelation: 'wesnoth/revelation.ogg',
  marchThee: 'singularity/March Thee to Dis.ogg',
  chimes: 'singularity/Chimes They Fade.ogg',
} as const;

/** Audio files a scan reads successfully. */
export const FIXTURE_GOOD_AUDIO = [
  FIXTURE.paperLanterns,
  FIXTURE.harbourLights,
  FIXTURE.reprise,
  FIXTURE.echoTeo,
  FIXTURE.echoOla,
  FIXTURE.untagged,
  FIXTURE.opus,
  FIXTURE.wav,
  FIXTURE.victory,
  FIXTURE.victory2,
  FIXTURE.silence,
  FIXTURE.defeat,
  FIXTURE.elfLand,
  FIXTURE.revelation,
  FIXTURE.marchThee,
  FIXTURE.chimes,
] as const;
export const FIXTURE_BAD_AUDIO = [FIXTURE.corrupt, FIXTURE.truncated] as const;

const DEMO_COPIES: Record<string, string> = {
  [FIXTURE.victory]: 'wesnoth-1.16-music/victory.ogg',
  [FIXTURE.victory2]: 'wesnoth-1.16-music/victory2.ogg',
  [FIXTURE.silence]: 'wesnoth-1.16-music/silence.ogg',
  [FIXTURE.defeat]: 'wesnoth-1.16-music/defeat.ogg',
  [FIXTURE.elfLand]: 'wesnoth-1.16-music/elf-land.ogg',
  [FIXTURE.revelation]: 'wesnoth-1.16-music/revelation.ogg',
  [FIXTURE.marchThee]: 'singularity-music/March Thee to Dis.ogg',
  [FIXTURE.chimes]: 'singularity-music/Chimes They Fade.ogg',
};

const SOURCE = join(DEMO_MUSIC_DIR, 'wesnoth-1.16-music/revelation.ogg');
const EXACT = ['-fflags', '+bitexact', '-flags:a', '+bitexact', '-flags:v', '+bitexact'];
const ffmpeg = (args: string[]) => execFileAsync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const meta = (tags: Record<string, string | number>) =>
  Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);

const HARBOUR = { album: 'Harbour Lights', album_artist: 'Mira Solen' };

/** Makes every derived file into `dir` (the cache). */
async function buildDerived(dir: string): Promise<void> {
  const at = (rel: string) => join(dir, rel);
  for (const rel of Object.values(FIXTURE)) await mkdir(dirname(at(rel)), { recursive: true });
  const red = at('red.jpg');
  const green = at('green.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=320x320', '-frames:v', '1', ...EXACT, red]);
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=green:s=200x200', '-frames:v', '1', ...EXACT, green]);
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=blue:s=300x300', '-frames:v', '1', ...EXACT, at(FIXTURE.folderCover)]);

  // Ogg tags sit on the audio stream: -map_metadata 0:s:a:0 carries them (tooling-notes.md §1).
  const withCover = (cover: string) => ['-t', '8', '-i', SOURCE, '-i', cover, '-map', '0:a', '-map', '1:v', '-map_metadata', '0:s:a:0', '-c:v', 'copy', '-disposition:v', 'attached_pic'];
  const plain = ['-t', '8', '-i', SOURCE, '-map', '0:a', '-map_metadata', '0:s:a:0'];
  await ffmpeg([
    ...withCover(red), '-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3',
    ...meta({ ...HARBOUR, title: 'Paper Lanterns', artist: 'Mira Solen feat. Teo Vance', track: 1, disc: 1, date: '2021-06-18',
      genre: 'Ambient', composer: 'Ola Brandt', language: 'eng', publisher: 'Northwind Records', copyright: '℗ 2021 Northwind Records' }),
    ...EXACT, at(FIXTURE.paperLanterns),
  ]);
  await ffmpeg([
    ...withCover(red), '-c:a', 'aac', '-b:a', '96k',
    ...meta({ ...HARBOUR, title: 'Harbour Lights', artist: 'Mira Solen', track: 2, disc: 1, date: '2021', composer: '' }),
    ...EXACT, at(FIXTURE.harbourLights),
  ]);
  await ffmpeg([
    ...withCover(green), '-c:a', 'flac',
    ...meta({ ...HARBOUR, title: 'Paper Lanterns (Reprise)', artist: 'Mira Solen', track: 1, disc: 2, date: '2021', language: 'fra', composer: '' }),
    ...EXACT, at(FIXTURE.reprise),
  ]);
  const nightDrive = { album: 'Night Drive', album_artist: '', date: '2019', genre: 'Synthwave', disc: '', composer: '' };
  await ffmpeg([...plain, '-c:a', 'libmp3lame', '-b:a', '96k', '-id3v2_version', '3',
    ...meta({ ...nightDrive, title: 'Echo', artist: 'Teo Vance', track: 1 }), ...EXACT, at(FIXTURE.echoTeo)]);
  await ffmpeg([...plain, '-c:a', 'flac', ...meta({ ...nightDrive, title: 'Echo', artist: 'Ola Brandt', track: 2 }), ...EXACT, at(FIXTURE.echoOla)]);
  await ffmpeg(['-t', '6', '-i', SOURCE, '-map', '0:a', '-map_metadata', '-1', '-c:a', 'libmp3lame', '-b:a', '64k', '-write_xing', '0', ...EXACT, at(FIXTURE.untagged)]);
  await ffmpeg(['-t', '5', '-i', SOURCE, '-map', '0:a', '-map_metadata', '-1', '-c:a', 'libopus', '-b:a', '48k',
    ...meta({ title: 'Opus Sample', artist: 'Teo Vance', language: 'eng' }), ...EXACT, at(FIXTURE.opus)]);
  await ffmpeg(['-t', '3', '-i', SOURCE, '-map', '0:a', '-map_metadata', '-1', '-c:a', 'pcm_s16le', ...EXACT, at(FIXTURE.wav)]);

  // Not audio at all, and a FLAC cut off inside its STREAMINFO block.
  await writeFile(at(FIXTURE.corrupt), noise(48 * 1024));
  await writeFile(at(FIXTURE.truncated), (await readFile(at(FIXTURE.reprise))).subarray(0, 30));
  await writeFile(at(FIXTURE.notes), 'not music\n');
  await rm(red);
  await rm(green);
}

/** Deterministic bytes that no audio parser recognises. */
function noise(size: number): Buffer {
  const out = Buffer.alloc(size);
  let block = Buffer.from('lyra-noise');
  for (let i = 0; i < size; i += 32) {
    block = createHash('sha256').update(block).digest();
    block.copy(out, i);
  }
  return out;
}

/**
 * A folder under the OS temp folder named `name`, filled once per machine by `build` (into a
 * folder of its own, renamed into place when complete: concurrent test workers share it).
 */
function builtOnce(name: string, build: (work: string) => Promise<void>): () => Promise<string> {
  let built: Promise<string> | null = null;
  return () =>
    (built ??= (async () => {
      const dir = join(tmpdir(), name);
      if (existsSync(join(dir, '.complete'))) return dir;
      const work = await mkdtemp(join(tmpdir(), `${name}-build-`));
      await build(work);
      await writeFile(join(work, '.complete'), '');
      try {
        await rename(work, dir);
      } catch {
        // Another worker finished first; its files are the same bytes.
        await rm(work, { recursive: true, force: true });
        if (!existsSync(join(dir, '.complete'))) throw new Error(`fixture cache ${dir} is incomplete; delete it`);
      }
      return dir;
    })());
}

/** The folder of derived files, built once per machine. */
export const fixtureCache = builtOnce(`lyra-fixtures-v${FIXTURE_VERSION}`, buildDerived);

/** Fills `musicDir` with the whole fixture library (see FIXTURE). */
export async function buildFixtureLibrary(musicDir: string): Promise<void> {
  const cache = await fixtureCache();
  for (const rel of Object.values(FIXTURE)) {
    const target = join(musicDir, rel);
    await mkdir(dirname(target), { recursive: true });
    if (rel === FIXTURE.playlist) continue;
    const demo = DEMO_COPIES[rel];
    await copyFile(demo ? join(DEMO_MUSIC_DIR, demo) : join(cache, rel), target);
  }
  await writeFile(join(musicDir, FIXTURE.playlist), roadTrip(musicDir));
}

/** The .m3u8 playlist: relative, absolute, missing and outside-the-library entries. */
export const ROAD_TRIP_NAME = 'Road Trip';
export const ROAD_TRIP_RESOLVED = [FIXTURE.paperLanterns, FIXTURE.echoOla, FIXTURE.victory, FIXTURE.paperLanterns];
function roadTrip(musicDir: string): string {
  return [
    '#EXTM3U',
    `#PLAYLIST:${ROAD_TRIP_NAME}`,
    '#EXTINF:8,Mira Solen - Paper Lanterns',
    `../${FIXTURE.paperLanterns}`,
    '',
    join(musicDir, FIXTURE.echoOla),
    '..\\wesnoth\\victory.ogg',
    '../Missing/nowhere.mp3',
    '/etc/hostname',
    `../${FIXTURE.paperLanterns}`,
    '',
  ].join('\n');
}

/**
 * Songs tagged the way MusicBrainz Picard tags them, for what Subsonic apps are sent
 * (src/subsonic/README.md): a compilation "Night Tunes" (album artist Various Artists)
 * whose songs are by Lena Park, an artist credited nowhere else, and Teo Vance, with
 * BPM, comments, ISRCs, MusicBrainz ids, moods, release types, an original release
 * date, a label and the iTunes advisory. Not part of the fixture library (other tests
 * count its songs): copy them in with `addTaggedFixtures`.
 */
export const TAGGED_FIXTURE = {
  nightTunes1: 'Various/Night Tunes/01 Lantern Glow.flac',
  nightTunes2: 'Various/Night Tunes/02 Tidewater.flac',
} as const;

export const NIGHT_TUNES = {
  album: 'Night Tunes',
  albumArtist: 'Various Artists',
  mbAlbumId: '5f0e7b2a-9c4d-4e7b-8a51-2c9d3f6a1b04',
  label: 'Lowlight Records',
  originalDate: '1998-04-02',
  releaseDate: '2020-05-01',
  songs: {
    [TAGGED_FIXTURE.nightTunes1]: {
      title: 'Lantern Glow', artist: 'Lena Park', bpm: 124, comment: 'First take, recorded live', isrc: ['GBAYE9800101'],
      mbTrackId: '0b6d6c1e-3f0a-4a8b-9d4e-7e1c2b3a4d01', moods: ['Calm', 'Dreamy'], composer: 'Ola Brandt', advisory: 'explicit',
    },
    [TAGGED_FIXTURE.nightTunes2]: {
      title: 'Tidewater', artist: 'Teo Vance', bpm: 98, comment: null, isrc: ['GBAYE9800102'],
      mbTrackId: '0b6d6c1e-3f0a-4a8b-9d4e-7e1c2b3a4d02', moods: [], composer: null, advisory: 'clean',
    },
  },
} as const;

const TAGGED_FIXTURE_VERSION = 1;
/** The folder of tagged files, built once per machine as fixtureCache is. */
const taggedFixtureCache = builtOnce(`lyra-tagged-fixtures-v${TAGGED_FIXTURE_VERSION}`, async (work) => {
  for (const [i, [rel, song]] of Object.entries(NIGHT_TUNES.songs).entries()) {
    await mkdir(dirname(join(work, rel)), { recursive: true });
    // FLAC keeps every tag as a Vorbis comment under its own name.
    await ffmpeg(['-t', '4', '-i', SOURCE, '-map', '0:a', '-map_metadata', '-1', '-c:a', 'flac',
      ...meta({
        title: song.title, artist: song.artist, album: NIGHT_TUNES.album, album_artist: NIGHT_TUNES.albumArtist,
        COMPILATION: 1, RELEASETYPE: 'album; compilation', track: i + 1, date: NIGHT_TUNES.releaseDate,
        ORIGINALDATE: NIGHT_TUNES.originalDate, LABEL: NIGHT_TUNES.label, MUSICBRAINZ_ALBUMID: NIGHT_TUNES.mbAlbumId,
        MUSICBRAINZ_TRACKID: song.mbTrackId, BPM: song.bpm, ISRC: song.isrc.join(';'), genre: 'Downtempo',
        ITUNESADVISORY: song.advisory === 'explicit' ? 1 : 2,
        ...(song.comment ? { comment: song.comment } : {}),
        ...(song.moods.length ? { MOOD: song.moods.join('; ') } : {}),
        ...(song.composer ? { composer: song.composer } : {}),
      }),
      ...EXACT, join(work, rel)]);
  }
});

/** Copies the tagged songs (TAGGED_FIXTURE) into `musicDir`; scan after. */
export async function addTaggedFixtures(musicDir: string): Promise<void> {
  const cache = await taggedFixtureCache();
  for (const rel of Object.values(TAGGED_FIXTURE)) {
    await mkdir(dirname(join(musicDir, rel)), { recursive: true });
    await copyFile(join(cache, rel), join(musicDir, rel));
  }
}
