import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Song } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../log.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { startPassRunner } from '../passes/pass-runner.js';
import { R128_REFERENCE_LUFS } from './ebur128.js';
import { loudnessPass } from './loudness-pass.js';
import { measureLoudness } from './measure.js';
import { setOpusOutputGain } from './test/opus-header.js';

const run = promisify(execFile);
const NPM_FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A sine tone, `volumeDb` over ffmpeg's default of -18 dBFS, tagged as one album's track (Ogg Vorbis, or Opus). */
async function tone(dir: string, name: string, volumeDb: number, seconds: number, extraTags: Record<string, string> = {}, codec: 'vorbis' | 'opus' = 'vorbis') {
  const tags = Object.entries({ title: name, artist: 'Test Tones', album: 'Levels', ...extraTags }).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  const file = join(dir, `${name}.${codec === 'opus' ? 'opus' : 'ogg'}`);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=997:duration=${seconds}`, '-af', `volume=${volumeDb}dB`, '-ac', '2',
    '-c:a', `lib${codec}`, ...tags, file]);
  return file;
}

/**
 * Loudness for normalisation: ReplayGain tags when a file has them, else
 * ffmpeg's EBU R128 measurement; album gain once every track of the album
 * has a figure; songs report it as `replayGain` (OpenSubsonic's names).
 * On both engines, and with both ffmpeg builds the server may run.
 */
describe.each([
  ...ENGINES.map((engine) => ({ engine, ffmpeg: 'ffmpeg' })),
  { engine: ENGINES[0], ffmpeg: NPM_FFMPEG },
])('loudness ($engine, $ffmpeg)', ({ engine, ffmpeg }) => {
  let t: TestApp;
  let musicDir: string;
  const songs = async () => {
    const r = await getJson<{ data: { results: Song[] } }>(t.app, '/api/search/songs?query=test%20tones&limit=15');
    return new Map(r.body.data.results.map((s) => [s.name, s]));
  };
  const stored = async (title: string) => {
    const [row] = await t.testDb.db.query<{ origin: string; lufs: number | null; album_gain_db: number | null }>(
      'select l.origin, l.lufs, l.album_gain_db from track_loudness l join tracks t on t.id = l.track_id where t.title = $1',
      [title],
    );
    return row!;
  };
  const measureAll = async () => {
    const runner = startPassRunner([loudnessPass({ db: t.testDb.db, log: silentLogger, musicDir, ffmpeg })], silentLogger);
    await runner.idle();
    await runner.stop();
  };

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-loudness-'));
    await mkdir(join(musicDir, 'levels'));
    await tone(join(musicDir, 'levels'), 'Quiet', -8, 6);
    await tone(join(musicDir, 'levels'), 'Loud', 12, 6);
    await tone(join(musicDir, 'levels'), 'Tagged', 6, 4, {
      REPLAYGAIN_TRACK_GAIN: '-6.50 dB',
      REPLAYGAIN_TRACK_PEAK: '0.900000',
      REPLAYGAIN_ALBUM_GAIN: '-7.25 dB',
      REPLAYGAIN_ALBUM_PEAK: '0.950000',
      album: 'Mastered',
    });
    // Opus keeps loudness as R128 gains to -23 LUFS in 1/256 dB (RFC 7845 §5.2.1).
    await tone(join(musicDir, 'levels'), 'Opus R128', 0, 4, { R128_TRACK_GAIN: '-2560', R128_ALBUM_GAIN: '-768', album: 'Opus Levels' }, 'opus');
    await tone(join(musicDir, 'levels'), 'Opus Both', 0, 4, {
      R128_TRACK_GAIN: '-1280',
      R128_ALBUM_GAIN: '-256',
      REPLAYGAIN_TRACK_GAIN: '-4.00 dB',
      REPLAYGAIN_TRACK_PEAK: '0.500000',
      REPLAYGAIN_ALBUM_GAIN: '-3.00 dB',
      REPLAYGAIN_ALBUM_PEAK: '0.600000',
      album: 'Opus Both',
    }, 'opus');
    // One tone three times: as encoded, with +6 dB in its Opus header, and that again with the R128 gain a
    // loudness tool would write for it (from the loudness of the decoded file).
    const headers = join(musicDir, 'header-gain');
    await mkdir(headers);
    await tone(headers, 'Header Plain', -6, 4, { album: 'Header Gain' }, 'opus');
    await setOpusOutputGain(await tone(headers, 'Header Gain', -6, 4, { album: 'Header Gain' }, 'opus'), 6 * 256);
    const { lufs } = await measureLoudness('ffmpeg', join(headers, 'Header Gain.opus'));
    const r128 = String(Math.round((R128_REFERENCE_LUFS - lufs!) * 256));
    await setOpusOutputGain(await tone(headers, 'Header Gain Tagged', -6, 4, { album: 'Header Gain', R128_TRACK_GAIN: r128 }, 'opus'), 6 * 256);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue']);
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  it('reports null until measured, then measured gains: quiet tracks up, loud tracks down, peaks linear', async () => {
    expect((await songs()).get('Quiet')!.replayGain).toBeNull();
    await measureAll();
    const s = await songs();
    const quiet = s.get('Quiet')!.replayGain!;
    const loud = s.get('Loud')!.replayGain!;
    // A sine peaking at -26 dBFS is about -29 LUFS: some +11 dB to reach -18; at -6 dBFS, about -9 dB.
    expect(quiet.trackGain).toBeGreaterThan(9);
    expect(quiet.trackGain).toBeLessThan(13);
    expect(loud.trackGain).toBeGreaterThan(-11);
    expect(loud.trackGain).toBeLessThan(-7);
    expect(quiet.trackGain - loud.trackGain).toBeCloseTo(20, 0);
    // -6 dBFS mono made stereo (each channel 3 dB down): about 0.36 of full scale.
    expect(loud.trackPeak).toBeGreaterThan(0.33);
    expect(loud.trackPeak).toBeLessThan(0.4);
    // The album: the energy mean of its two tracks, dominated by the loud one; its peak is the loudest.
    expect(loud.albumGain).toBe(quiet.albumGain);
    expect(loud.albumGain!).toBeLessThan(loud.trackGain + 3.1);
    expect(loud.albumGain!).toBeGreaterThan(loud.trackGain + 2.9);
    expect(quiet.albumPeak).toBe(loud.trackPeak);
  });

  it('takes ReplayGain tags as they are', async () => {
    await measureAll();
    expect((await songs()).get('Tagged')!.replayGain).toEqual({ trackGain: -6.5, trackPeak: 0.9, albumGain: -7.25, albumPeak: 0.95 });
  });

  it('reads Opus R128 gains as ReplayGain gains (5 dB over their -23 LUFS reference) instead of measuring', async () => {
    await measureAll();
    const s = await songs();
    // R128_TRACK_GAIN -2560: -10 dB to reach -23 LUFS, so -5 dB to reach -18 LUFS (the tone measures about +3 dB).
    // R128 tags carry no peak.
    expect(s.get('Opus R128')!.replayGain).toMatchObject({ trackGain: -5, trackPeak: null });
    // R128_ALBUM_GAIN -768: -3 dB to -23 LUFS, +2 dB to -18 LUFS; no album peak is known.
    expect(await stored('Opus R128')).toEqual({ origin: 'tags', lufs: -13, album_gain_db: 2 });
    expect(s.get('Opus R128')!.replayGain).toEqual({ trackGain: -5, trackPeak: null, albumGain: 2, albumPeak: null });
    // With ReplayGain tags beside them, the R128 gains win and the ReplayGain peaks are kept.
    expect(s.get('Opus Both')!.replayGain).toEqual({ trackGain: 0, trackPeak: 0.5, albumGain: 4, albumPeak: 0.6 });
  });

  it('counts an Opus header’s output gain once: decoders apply it, and R128 gains go on top', async () => {
    await measureAll();
    const s = await songs();
    const plain = s.get('Header Plain')!.replayGain!.trackGain;
    const boosted = s.get('Header Gain')!.replayGain!.trackGain;
    const tagged = s.get('Header Gain Tagged')!.replayGain!.trackGain;
    // ffmpeg decodes with the header's +6 dB: that file measures 6 dB louder...
    expect(plain - boosted).toBeCloseTo(6, 0);
    // ...and the R128 gain made for it gives what ffmpeg measures, not 6 dB off.
    expect((await stored('Header Gain Tagged')).origin).toBe('tags');
    expect(Math.abs(tagged - boosted)).toBeLessThan(0.15);
  });

  it('measures a file again when it changes, and not before', async () => {
    const before = await t.testDb.db.query<{ updated_at: string }>('select updated_at::text from track_loudness order by track_id');
    await measureAll();
    expect(await t.testDb.db.query('select updated_at::text from track_loudness order by track_id')).toEqual(before);
    await tone(join(musicDir, 'levels'), 'Quiet', 2, 6);
    await utimes(join(musicDir, 'levels', 'Quiet.ogg'), new Date(), new Date(Date.now() + 5_000));
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
    // The changed file has no figure until it is measured again.
    expect((await songs()).get('Quiet')?.replayGain ?? null).toBeNull();
    await measureAll();
    const quiet = (await songs()).get('Quiet')!.replayGain!;
    expect(quiet.trackGain).toBeGreaterThan(-1);
    expect(quiet.trackGain).toBeLessThan(3);
  });
});
