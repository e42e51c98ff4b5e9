import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
import { lyricsPass } from './lyrics-pass.js';
import { id3v2Tag, syltFrame, textFrame, usltFrame, type Id3Frame, type Id3Version } from './test/id3-tag.js';

const run = promisify(execFile);

const SONG = { artist: 'Lyric Tones', album: 'Words' };

async function tone(dir: string, name: string, tags: Record<string, string> = {}) {
  const meta = Object.entries({ title: name, ...SONG, ...tags }).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=3', '-c:a', 'libvorbis', ...meta, join(dir, `${name}.ogg`)]);
}

/** An MP3 as ffmpeg tags it (ID3v2.3), `lyrics` included. */
async function mp3Tone(dir: string, name: string, lyrics: string) {
  const meta = Object.entries({ title: name, ...SONG, lyrics }).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=3', '-c:a', 'libmp3lame', '-id3v2_version', '3', ...meta, join(dir, `${name}.mp3`)]);
}

/** An MP3 whose ID3v2 tag is written here (title, artist, album, then `frames`). */
async function id3Tone(dir: string, name: string, version: Id3Version, frames: Id3Frame[]) {
  const bare = join(dir, 'bare.mp3.tmp');
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=3', '-c:a', 'libmp3lame', '-map_metadata', '-1',
    '-id3v2_version', '0', '-write_id3v1', '0', '-f', 'mp3', bare]);
  const tag = id3v2Tag(version, [textFrame('TIT2', name), textFrame('TPE1', SONG.artist), textFrame('TALB', SONG.album), ...frames]);
  await writeFile(join(dir, `${name}.mp3`), Buffer.concat([tag, await readFile(bare)]));
  await rm(bare);
}

/**
 * Lyrics: a sidecar .lrc beside the song wins, else the file's own lyrics
 * tag (plain or LRC text); songs say `hasLyrics`; /api/songs/{id}/lyrics
 * answers in the catalogue's shape plus timed lines; none is a 404.
 */
describe.each(ENGINES)('lyrics (%s)', (engine) => {
  let t: TestApp;
  let musicDir: string;
  const songs = async () =>
    new Map((await getJson<{ data: { results: Song[] } }>(t.app, '/api/search/songs?query=lyric%20tones&limit=15')).body.data.results.map((s) => [s.name, s]));
  const lyricsOf = (id: string) => getJson<{ success: boolean; message?: string; data?: Record<string, unknown> }>(t.app, `/api/songs/${id}/lyrics`);

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-lyrics-'));
    await tone(musicDir, 'Sidecar');
    await writeFile(join(musicDir, 'Sidecar.lrc'), '[ti:Sidecar]\n[00:00.50]One\n[00:01.00]Two\n[00:02.25]Three\n');
    await tone(musicDir, 'Tagged', { LYRICS: 'First verse\nSecond verse' });
    await tone(musicDir, 'Tagged Lrc', { LYRICS: '[00:01.00]Timed in the tag' });
    await tone(musicDir, 'Tagged Lrc Offset', { LYRICS: '[offset:+500]\n[00:10.00][00:30.00]Chorus\n[00:20]Bridge' });
    await tone(musicDir, 'Unsynced', { UNSYNCEDLYRICS: 'Unsynced one\n\nUnsynced two' });
    await mp3Tone(musicDir, 'Ffmpeg Lyrics', 'Written by ffmpeg\nSecond line');
    await id3Tone(musicDir, 'Uslt', 3, [usltFrame('eng', 'Première ligne\r\nSecond line\n')]);
    // ffmpeg copying a USLT frame writes it as TXXX:lyrics-<language>.
    await run('ffmpeg', ['-v', 'error', '-y', '-i', join(musicDir, 'Uslt.mp3'), '-c', 'copy', '-id3v2_version', '3', '-metadata', 'title=Ffmpeg Copy',
      join(musicDir, 'Ffmpeg Copy.mp3')]);
    await id3Tone(musicDir, 'Sylt', 4, [
      usltFrame('deu', 'Eins\nZwei'),
      syltFrame('deu', [['Eins', 250], ['Zwei ü', 1250], ['', 2000], ['Drei', 2500]], { descriptor: 'Lyrics' }),
    ]);
    // Karaoke: SYLT entries are syllables and a new line starts with a newline (ID3v2.4 native frames §4.9).
    await id3Tone(musicDir, 'Sylt Syllables', 3, [
      syltFrame('eng', [['Strang', 0], ['ers', 400], [' in', 800], [' the', 1000], [' night', 1200], ['\nEx', 2000], ['chang', 2300], ['ing', 2600], [' glances', 2800]]),
    ]);
    await id3Tone(musicDir, 'Sylt Frames', 3, [syltFrame('eng', [['Counted', 10], ['in frames', 40]], { timeStampFormat: 1 })]);
    await tone(musicDir, 'Silent');
    await tone(musicDir, 'Later');
    t = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue']);
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
    await readLyricsNow();
  });
  const readLyricsNow = async () => {
    const runner = startPassRunner([lyricsPass({ db: t.testDb.db, log: silentLogger, musicDir })], silentLogger);
    await runner.idle();
    await runner.stop();
  };
  afterAll(async () => {
    await t?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  it('serves a sidecar .lrc as timed lines', async () => {
    const s = (await songs()).get('Sidecar')!;
    expect(s.hasLyrics).toBe(true);
    const r = await lyricsOf(s.id);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      lyrics: 'One<br>Two<br>Three',
      snippet: 'One',
      copyright: null,
      synced: true,
      lang: null,
      lines: [
        { startMs: 500, text: 'One' },
        { startMs: 1000, text: 'Two' },
        { startMs: 2250, text: 'Three' },
      ],
    });
  });

  it('reads the file’s own lyrics tag, plain or timed', async () => {
    const all = await songs();
    const plain = await lyricsOf(all.get('Tagged')!.id);
    expect(plain.body.data).toMatchObject({ synced: false, lyrics: 'First verse<br>Second verse', lines: [{ text: 'First verse' }, { text: 'Second verse' }] });
    const timed = await lyricsOf(all.get('Tagged Lrc')!.id);
    expect(timed.body.data).toMatchObject({ synced: true, lines: [{ startMs: 1000, text: 'Timed in the tag' }] });
  });

  it('reads LRC in a tag as a sidecar is read: several stamps on a line, the offset, stamps without hundredths', async () => {
    const r = await lyricsOf((await songs()).get('Tagged Lrc Offset')!.id);
    expect(r.body.data).toMatchObject({
      synced: true,
      lines: [
        { startMs: 9500, text: 'Chorus' },
        { startMs: 19500, text: 'Bridge' },
        { startMs: 29500, text: 'Chorus' },
      ],
    });
  });

  it('reads Vorbis UNSYNCEDLYRICS', async () => {
    const r = await lyricsOf((await songs()).get('Unsynced')!.id);
    expect(r.body.data).toMatchObject({ synced: false, lyrics: 'Unsynced one<br>Unsynced two', lines: [{ text: 'Unsynced one' }, { text: 'Unsynced two' }] });
  });

  it('reads an MP3’s ID3 USLT frame, and the lyrics ffmpeg writes into an MP3 or copies into one', async () => {
    const all = await songs();
    expect((await lyricsOf(all.get('Uslt')!.id)).body.data).toEqual({
      lyrics: 'Première ligne<br>Second line',
      snippet: 'Première ligne',
      copyright: null,
      synced: false,
      lang: 'eng',
      lines: [{ text: 'Première ligne' }, { text: 'Second line' }],
    });
    expect(all.get('Ffmpeg Lyrics')!.hasLyrics).toBe(true);
    expect((await lyricsOf(all.get('Ffmpeg Lyrics')!.id)).body.data).toMatchObject({
      synced: false,
      lines: [{ text: 'Written by ffmpeg' }, { text: 'Second line' }],
    });
    expect((await lyricsOf(all.get('Ffmpeg Copy')!.id)).body.data).toMatchObject({
      synced: false,
      lang: 'eng',
      lines: [{ text: 'Première ligne' }, { text: 'Second line' }],
    });
  });

  it('reads an ID3 SYLT frame as timed lines, before the USLT beside it', async () => {
    const r = await lyricsOf((await songs()).get('Sylt')!.id);
    expect(r.body.data).toEqual({
      lyrics: 'Eins<br>Zwei ü<br><br>Drei',
      snippet: 'Eins',
      copyright: null,
      synced: true,
      lang: 'deu',
      lines: [
        { startMs: 250, text: 'Eins' },
        { startMs: 1250, text: 'Zwei ü' },
        { startMs: 2000, text: '' },
        { startMs: 2500, text: 'Drei' },
      ],
    });
  });

  it('joins SYLT syllables into lines, each starting at its first syllable', async () => {
    const r = await lyricsOf((await songs()).get('Sylt Syllables')!.id);
    expect(r.body.data).toMatchObject({
      synced: true,
      lang: 'eng',
      lines: [
        { startMs: 0, text: 'Strangers in the night' },
        { startMs: 2000, text: 'Exchanging glances' },
      ],
    });
  });

  it('keeps SYLT lines stamped in MPEG frames as unsynced text', async () => {
    const r = await lyricsOf((await songs()).get('Sylt Frames')!.id);
    expect(r.body.data).toMatchObject({ synced: false, lines: [{ text: 'Counted' }, { text: 'in frames' }] });
  });

  it('a song without lyrics says so, and its lyrics are a 404 in the catalogue shape', async () => {
    const s = (await songs()).get('Silent')!;
    expect(s.hasLyrics).toBe(false);
    expect(s.lyricsId).toBeNull();
    const r = await lyricsOf(s.id);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'lyrics not found' });
    expect((await lyricsOf('no-such-song')).status).toBe(404);
  });

  it('picks up a sidecar .lrc added beside a song after it was scanned, at the next quick rescan', async () => {
    const before = (await songs()).get('Later')!;
    expect(before.hasLyrics).toBe(false);
    await writeFile(join(musicDir, 'Later.lrc'), '[00:00.40]Added later\n');
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
    await readLyricsNow();
    const after = (await songs()).get('Later')!;
    expect(after.id).toBe(before.id);
    expect(after.hasLyrics).toBe(true);
    expect((await lyricsOf(after.id)).body.data).toMatchObject({ synced: true, lines: [{ startMs: 400, text: 'Added later' }] });
    // A song whose folder did not change keeps what was read.
    expect((await songs()).get('Silent')!.hasLyrics).toBe(false);
  });
});
