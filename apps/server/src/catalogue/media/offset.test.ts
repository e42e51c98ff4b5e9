import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { decodeErrors, excerpt, insertTrack, portOf, probe, rawGet } from './test/fixtures.js';

const run = promisify(execFile);

/**
 * `?timeOffset=` on /media: a listener who seeks during a song's first play
 * gets the tier from that point at once, while the cache fills beside it; a
 * cached tier ignores it (the player seeks in the file). Bad offsets answer
 * 400 in the catalogue's shape. Both ffmpeg builds the server may run.
 */
const NPM_FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const CASES = [
  ...ENGINES.map((engine) => ({ engine, label: 'system ffmpeg', ffmpeg: 'ffmpeg' })),
  { engine: ENGINES[0], label: 'npm-shipped ffmpeg', ffmpeg: NPM_FFMPEG },
];

/** The first packet's time in a file, as a player reads it. */
async function startTime(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'json', file]);
  return Number((JSON.parse(stdout) as { format: { start_time: string } }).format.start_time);
}

describe.each(CASES)('media timeOffset ($engine, $label)', ({ engine, label, ffmpeg }) => {
  let t: TestApp;
  let server: Server;
  let port: number;
  let work: string;
  let spawnLog: string;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawGet(port, path, headers, method);
  const spawns = async () => (await readFile(spawnLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
  const cached = async (id: string, kbps: number) =>
    (await readdir(join(t.dataDir, 'cache/audio', id)).catch(() => [] as string[])).find((f) => f.startsWith(`${kbps}-`) && f.endsWith('.mp4'));

  beforeAll(async () => {
    work = join(tmpdir(), `lyra-offset-${engine}-${label.split(' ')[0]}-${process.pid}`);
    const musicDir = join(work, 'music');
    await rm(work, { recursive: true, force: true });
    await mkdir(musicDir, { recursive: true });
    for (const id of ['seek1', 'seek2', 'bad1']) await excerpt(musicDir, `${id}.flac`, ['-c:a', 'flac'], 30);
    spawnLog = join(work, 'spawns.log');
    const wrapper = join(work, 'ffmpeg-counting.sh');
    // Counts encoder runs; the one-off look at the mp4 muxer's options (`-h muxer=mp4`) is not one.
    await writeFile(wrapper, `#!/bin/sh\n[ "$2" = "-h" ] || echo run >> '${spawnLog}'\nexec '${ffmpeg}' "$@"\n`);
    await chmod(wrapper, 0o755);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir, FFMPEG_PATH: wrapper, TRANSCODE_CONCURRENCY: '1' }, ['catalogue']);
    for (const id of ['seek1', 'seek2', 'bad1']) {
      await insertTrack(t.testDb.db, musicDir, { id, path: `${id}.flac`, codec: 'flac', bitrateKbps: 900, durationS: 30 });
    }
    server = t.app.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = portOf(server.address());
    return async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await t.close();
      await rm(work, { recursive: true, force: true });
    };
  });

  it('streams a first play from the offset, with the song’s own times, while the cache fills', async () => {
    const r = await get('/media/seek1/160.mp4?timeOffset=12.5');
    expect(r.status).toBe(200);
    expect(r.headers['accept-ranges']).toBe('none');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-type']).toBe('audio/mp4');
    const file = join(work, 'offset.mp4');
    await writeFile(file, r.body);
    expect(await decodeErrors(file)).toBe('');
    const start = await startTime(file);
    expect(start).toBeGreaterThan(12.3);
    expect(start).toBeLessThan(12.7);
    // The rest of the song, to its end: 17.5 s of audio.
    const { durationS } = await probe(file);
    expect(durationS).toBeGreaterThan(17);
    expect(durationS).toBeLessThan(18);
    // The cache job and the offset stream: two ffmpeg runs, and the whole tier lands in the cache.
    await expect.poll(() => cached('seek1', 160), { timeout: 20_000 }).toMatch(/^160-[0-9a-f]{12}\.mp4$/);
    expect(await spawns()).toBe(2);
    const whole = join(t.dataDir, 'cache/audio/seek1', (await cached('seek1', 160))!);
    expect(await startTime(whole)).toBeLessThan(0.1);
  });

  it('serves a cached tier whole, with Range, whatever the offset', async () => {
    await get('/media/seek2/48.mp4');
    const before = await spawns();
    const r = await get('/media/seek2/48.mp4?timeOffset=10', { range: 'bytes=0-99' });
    expect(r.status).toBe(206);
    expect(r.body.length).toBe(100);
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(await spawns()).toBe(before);
  });

  it('answers bad offsets with 400 in the catalogue shape, before any work', async () => {
    const before = await spawns();
    const cases: [string, string][] = [
      ['-5', 'timeOffset must not be negative'],
      ['abc', 'timeOffset must be a number of seconds, e.g. timeOffset=61.5'],
      ['1e3', 'timeOffset must be a number of seconds, e.g. timeOffset=61.5'],
      ['Infinity', 'timeOffset must be a number of seconds, e.g. timeOffset=61.5'],
      ['999999', 'timeOffset must be at most 360000 seconds'],
      ['30', 'timeOffset 30 is past the end of the song (30 s)'],
      ['45.5', 'timeOffset 45.5 is past the end of the song (30 s)'],
    ];
    for (const [value, message] of cases) {
      const r = await get(`/media/bad1/96.mp4?timeOffset=${value}`);
      expect(r.status, value).toBe(400);
      expect(JSON.parse(r.body.toString())).toEqual({ success: false, message });
    }
    // HEAD says what a GET would send and starts nothing.
    const head = await get('/media/bad1/96.mp4?timeOffset=5', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(await spawns()).toBe(before);
  });
});
