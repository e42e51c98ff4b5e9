import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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

const run = promisify(execFile);

async function tone(dir: string, name: string, tags: Record<string, string> = {}) {
  const meta = Object.entries({ title: name, artist: 'Lyric Tones', album: 'Words', ...tags }).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=3', '-c:a', 'libvorbis', ...meta, join(dir, `${name}.ogg`)]);
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
    await tone(musicDir, 'Silent');
    t = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue']);
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
    const runner = startPassRunner([lyricsPass({ db: t.testDb.db, log: silentLogger, musicDir })], silentLogger);
    await runner.idle();
    await runner.stop();
  });
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

  it('a song without lyrics says so, and its lyrics are a 404 in the catalogue shape', async () => {
    const s = (await songs()).get('Silent')!;
    expect(s.hasLyrics).toBe(false);
    expect(s.lyricsId).toBeNull();
    const r = await lyricsOf(s.id);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'lyrics not found' });
    expect((await lyricsOf('no-such-song')).status).toBe(404);
  });
});
