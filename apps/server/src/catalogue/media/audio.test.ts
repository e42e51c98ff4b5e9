import { chmod, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BITRATES_KBPS } from '@lyra/contracts/ids';
import { ENGINES } from '../../test/db.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { decodeErrors, excerpt, insertTrack, portOf, probe, rawGet } from './test/fixtures.js';

/**
 * /media end to end over a real socket (the raw hot path), on both engines:
 * tiers, first-listener streaming, sharing one transcode, the cache with Range,
 * downloads, and every kind of bad request.
 */
/** The system's ffmpeg on both engines; the npm-shipped fallback binary (2018 build) on one. */
const NPM_FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const CASES = [
  ...ENGINES.map((engine) => ({ engine, label: 'system ffmpeg', ffmpeg: 'ffmpeg' })),
  { engine: ENGINES[0], label: 'npm-shipped ffmpeg', ffmpeg: NPM_FFMPEG },
];

describe.each(CASES)('media audio ($engine, $label)', ({ engine, label, ffmpeg }) => {
  let t: TestApp;
  let server: Server;
  let port: number;
  let musicDir: string;
  let spawnLog: string;

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawGet(port, path, headers, method);
  const spawns = async () => (await readFile(spawnLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
  const cachedFile = async (id: string, kbps: number) => {
    const dir = join(t.dataDir, 'cache/audio', id);
    const name = (await readdir(dir)).find((f) => f.startsWith(`${kbps}-`) && f.endsWith('.mp4'));
    return readFile(join(dir, name!));
  };

  beforeAll(async () => {
    const work = join(await import('node:os').then((os) => os.tmpdir()), `lyra-media-${engine}-${label.split(' ')[0]}-${process.pid}`);
    musicDir = join(work, 'music');
    await rm(work, { recursive: true, force: true });
    await mkdir(join(musicDir, 'Album Ünïcode'), { recursive: true });
    await excerpt(musicDir, 'lossless.flac', ['-c:a', 'flac']);
    await excerpt(musicDir, 'low.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k'], 10);
    await excerpt(join(musicDir, 'Album Ünïcode'), 'shared:one.flac', ['-c:a', 'flac'], 8);
    await writeFile(join(musicDir, 'broken.ogg'), Buffer.alloc(4096, 7));
    // A link inside the music folder to a real song outside it.
    await excerpt(work, 'outside-real.flac', ['-c:a', 'flac'], 4);
    await symlink(join(work, 'outside-real.flac'), join(musicDir, 'linked-out.flac'));
    // ffmpeg behind a wrapper that counts how often it is started.
    spawnLog = join(work, 'spawns.log');
    const wrapper = join(work, 'ffmpeg-counting.sh');
    await writeFile(wrapper, `#!/bin/sh\necho run >> '${spawnLog}'\nexec '${ffmpeg}' "$@"\n`);
    await chmod(wrapper, 0o755);

    t = await createTestApp(engine, { MUSIC_DIR: musicDir, FFMPEG_PATH: wrapper, TRANSCODE_CONCURRENCY: '2' }, ['catalogue']);
    const db = t.testDb.db;
    await insertTrack(db, musicDir, { id: 'lossless1', path: 'lossless.flac', title: 'Battle Epic', codec: 'flac', bitrateKbps: 700 });
    await insertTrack(db, musicDir, { id: 'low64', path: 'low.mp3', title: 'Low', codec: 'mp3', bitrateKbps: 64 });
    await insertTrack(db, musicDir, {
      id: 'shared1',
      path: 'Album Ünïcode/shared:one.flac',
      title: 'Café "Noir" / Ünïcode',
      codec: 'flac',
      bitrateKbps: 900,
    });
    await insertTrack(db, musicDir, { id: 'broken1', path: 'broken.ogg', codec: 'vorbis', bitrateKbps: 96 });
    await insertTrack(db, musicDir, { id: 'gone1', path: 'missing.flac', codec: 'flac', bitrateKbps: 900 });
    await insertTrack(db, musicDir, { id: 'escape1', path: '../outside.flac', codec: 'flac', bitrateKbps: 900 });
    await insertTrack(db, musicDir, { id: 'linkout1', path: 'linked-out.flac', codec: 'flac', bitrateKbps: 900 });
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

  // Tiers: the first request streams the transcode; the streamed bytes and the
  // cached file both decode as AAC-LC at the tier's bitrate (lossless source, so no cap).
  it.each(BITRATES_KBPS)('makes the %i kbps tier as AAC-LC in MP4 at that bitrate', async (kbps) => {
    const first = await get(`/media/lossless1/${kbps}.mp4`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mp4');
    expect(first.headers['x-audio-bitrate']).toBe(String(kbps));
    expect(first.headers['cache-control']).toBe('no-store');
    const streamed = join(t.dataDir, `streamed-${kbps}.mp4`);
    await writeFile(streamed, first.body);
    const live = await probe(streamed);
    expect(live.codec).toBe('aac');
    expect(live.profile).toBe('LC');
    expect(live.durationS).toBeGreaterThan(19.5);
    expect(live.durationS).toBeLessThan(20.5);
    expect(await decodeErrors(streamed)).toBe('');

    const again = await get(`/media/lossless1/${kbps}.mp4`);
    expect(again.status).toBe(200);
    expect(again.headers['content-length']).toBe(String(again.body.length));
    expect(again.headers['accept-ranges']).toBe('bytes');
    expect(again.body.equals(await cachedFile('lossless1', kbps))).toBe(true);
    const cachedPath = join(t.dataDir, `cached-${kbps}.mp4`);
    await writeFile(cachedPath, again.body);
    const cached = await probe(cachedPath);
    expect(cached.profile).toBe('LC');
    expect(cached.kbps).toBeGreaterThan(kbps * 0.75);
    expect(cached.kbps).toBeLessThan(kbps * 1.25);
    expect(cached.tags.title).toBe('Battle Epic');
    if (kbps === 12) {
      // The ultra-low tier is mono at 22.05 kHz: stereo AAC-LC cannot get down to 12 kbps.
      expect(cached.channels).toBe(1);
      expect(cached.sampleRate).toBe(22050);
    } else {
      expect(cached.channels).toBe(2);
    }
  });

  it('serves a low-bitrate source at its ceiling tier and says so', async () => {
    const r = await get('/media/low64/320.mp4');
    expect(r.status).toBe(200);
    expect(r.headers['x-audio-bitrate']).toBe('96');
    expect(r.headers['x-audio-bitrate-requested']).toBe('320');
    const cached = await get('/media/low64/160.mp4');
    expect(cached.headers['x-audio-bitrate']).toBe('96');
    const file = join(t.dataDir, 'low-capped.mp4');
    await writeFile(file, cached.body);
    const p = await probe(file);
    expect(p.kbps).toBeGreaterThan(96 * 0.75);
    expect(p.kbps).toBeLessThan(96 * 1.25);
    // Below the ceiling the requested tier is made as asked.
    const low = await get('/media/low64/48.mp4');
    expect(low.headers['x-audio-bitrate']).toBe('48');
    expect((await readdir(join(t.dataDir, 'cache/audio/low64'))).filter((f) => f.endsWith('.mp4')).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^48-/), expect.stringMatching(/^96-/)]),
    );
    expect((await readdir(join(t.dataDir, 'cache/audio/low64'))).some((f) => /^(160|320)-/.test(f))).toBe(false);
  });

  it('shares one transcode between listeners who arrive together', async () => {
    const before = await spawns();
    const replies = await Promise.all([1, 2, 3, 4].map(() => get('/media/shared1/96.mp4')));
    expect(await spawns()).toBe(before + 1);
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.body.equals(replies[0]!.body)).toBe(true);
    }
    // Later plays are file reads: no new ffmpeg.
    await get('/media/shared1/96.mp4');
    expect(await spawns()).toBe(before + 1);
  });

  describe('ranges on a cached tier', () => {
    let file: Buffer;
    beforeAll(async () => {
      await get('/media/lossless1/48.mp4');
      file = await cachedFile('lossless1', 48);
    });

    it('answers bytes=a-b, a- and -n with 206 and exactly those bytes', async () => {
      const size = file.length;
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-1999', 1000, 1999],
        [`bytes=${size - 10}-`, size - 10, size - 1],
        ['bytes=-500', size - 500, size - 1],
        [`bytes=100-${size + 5000}`, 100, size - 1],
        [`bytes=-${size + 10}`, 0, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const r = await get('/media/lossless1/48.mp4', { range });
        expect(r.status, range).toBe(206);
        expect(r.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
        expect(r.headers['content-length'], range).toBe(String(end - start + 1));
        expect(r.body.equals(file.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it('answers an unsatisfiable or malformed bytes range with 416 and bytes */size', async () => {
      for (const range of [`bytes=${file.length}-`, `bytes=${file.length + 100}-${file.length + 200}`, 'bytes=-0', 'bytes=500-100', 'bytes=abc', 'bytes=']) {
        const r = await get('/media/lossless1/48.mp4', { range });
        expect(r.status, range).toBe(416);
        expect(r.headers['content-range'], range).toBe(`bytes */${file.length}`);
        expect(JSON.parse(r.body.toString())).toEqual({ success: false, message: 'range not satisfiable' });
      }
    });

    it('sends the whole file for other units and for several ranges', async () => {
      for (const range of ['items=0-5', 'bytes=0-1,5-6']) {
        const r = await get('/media/lossless1/48.mp4', { range });
        expect(r.status, range).toBe(200);
        expect(r.body.equals(file), range).toBe(true);
      }
    });

    it('revalidates with ETag and Last-Modified, and honours If-Range', async () => {
      const r = await get('/media/lossless1/48.mp4', { range: 'bytes=0-0' });
      const etag = String(r.headers.etag);
      expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(r.headers['cache-control']).toBe('public, max-age=86400');
      const notModified = await get('/media/lossless1/48.mp4', { 'if-none-match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      const since = await get('/media/lossless1/48.mp4', { 'if-modified-since': String(r.headers['last-modified']) });
      expect(since.status).toBe(304);
      expect((await get('/media/lossless1/48.mp4', { 'if-none-match': '"other"' })).status).toBe(200);
      expect((await get('/media/lossless1/48.mp4', { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
      const stale = await get('/media/lossless1/48.mp4', { range: 'bytes=0-9', 'if-range': '"stale"' });
      expect(stale.status).toBe(200);
      expect(stale.body.length).toBe(file.length);
    });

    it('answers HEAD with the headers of a GET and no body', async () => {
      const r = await get('/media/lossless1/48.mp4', {}, 'HEAD');
      expect(r.status).toBe(200);
      expect(r.headers['content-length']).toBe(String(file.length));
      expect(r.body.length).toBe(0);
    });
  });

  it('names downloads after the song (RFC 6266 filename and UTF-8 filename*)', async () => {
    const r = await get('/media/shared1/48.mp4?download=1');
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="Cafe Noir Unicode.mp4"; filename*=UTF-8''Caf%C3%A9%20Noir%20%C3%9Cn%C3%AFcode.mp4`,
    );
    const plain = await get('/media/shared1/48.mp4');
    expect(plain.headers['content-disposition']).toBeUndefined();
  });

  it('lets browsers on other origins play and download', async () => {
    const r = await get('/media/shared1/48.mp4', { origin: 'https://elsewhere.example' });
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(String(r.headers['access-control-expose-headers'])).toContain('Content-Disposition');
    const pre = await get('/media/shared1/48.mp4', { origin: 'https://elsewhere.example', 'access-control-request-headers': 'range' }, 'OPTIONS');
    expect(pre.status).toBe(204);
    expect(String(pre.headers['access-control-allow-headers'])).toContain('Range');
  });

  it('never lets a path leave the library or the cache', async () => {
    const attempts = [
      '/media/../../etc/passwd/320.mp4',
      '/media/..%2f..%2fetc%2fpasswd/320.mp4',
      '/media/%2e%2e/320.mp4',
      '/media/lossless1/..%2f..%2f320.mp4',
      '/media/lossless1%00/320.mp4',
      '/media/lossless1/../320.mp4',
      '/images/..%2F..%2Fcovers/500.jpg',
      '/images/%2e%2e/500.jpg',
    ];
    for (const path of attempts) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(JSON.parse(r.body.toString()).success, path).toBe(false);
    }
    // A catalogue row pointing outside MUSIC_DIR is refused too.
    const escape = await get('/media/escape1/48.mp4');
    expect(escape.status).toBe(404);
    expect(JSON.parse(escape.body.toString())).toEqual({ success: false, message: 'song not found' });
    // So is a row whose file is a link out of MUSIC_DIR (real paths are compared), at every tier.
    for (const kbps of [12, 320]) {
      const linked = await get(`/media/linkout1/${kbps}.mp4`);
      expect(linked.status).toBe(404);
      expect(JSON.parse(linked.body.toString())).toEqual({ success: false, message: 'song not found' });
    }
  });

  it('answers unknown songs, missing files, bad tiers and other methods in the catalogue error shape', async () => {
    const cases: [string, string, number, string][] = [
      ['GET', '/media/nosuchtrack/96.mp4', 404, 'song not found'],
      ['GET', '/media/gone1/96.mp4', 404, 'song not found'],
      ['GET', '/media/lossless1/64.mp4', 400, 'unknown bitrate 64; expected one of 12, 48, 96, 160, 320'],
      ['GET', '/media/lossless1/abc.mp4', 404, 'route not found'],
      ['GET', '/media/lossless1/320.mp3', 404, 'route not found'],
      ['GET', '/media/lossless1', 404, 'route not found'],
      ['POST', '/media/lossless1/96.mp4', 405, 'method not allowed'],
      ['DELETE', '/images/default/50.jpg', 405, 'method not allowed'],
    ];
    for (const [method, path, status, message] of cases) {
      const r = await get(path, {}, method);
      expect(r.status, path).toBe(status);
      expect(r.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(JSON.parse(r.body.toString()), path).toEqual({ success: false, message });
    }
  });

  it('answers 422 for a source ffmpeg cannot decode, without retrying at once', async () => {
    const r = await get('/media/broken1/48.mp4');
    expect(r.status).toBe(422);
    expect(JSON.parse(r.body.toString())).toEqual({ success: false, message: 'song could not be transcoded' });
    const before = await spawns();
    expect((await get('/media/broken1/48.mp4')).status).toBe(422);
    expect(await spawns()).toBe(before);
    expect((await readdir(join(t.dataDir, 'cache/audio/broken1'))).filter((f) => f.endsWith('.mp4'))).toEqual([]);
  });

  it('answers HEAD on an uncached tier without starting a transcode', async () => {
    const before = await spawns();
    const r = await get('/media/shared1/320.mp4', {}, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('audio/mp4');
    expect(r.headers['x-audio-bitrate']).toBe('320');
    expect(await spawns()).toBe(before);
  });

  it('serves the same replies to in-process requests', async () => {
    const r = await t.app.request('/media/lossless1/48.mp4', { headers: { range: 'bytes=0-15' } });
    expect(r.status).toBe(206);
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes.equals((await cachedFile('lossless1', 48)).subarray(0, 16))).toBe(true);
    const missing = await t.app.request('/media/nosuchtrack/48.mp4');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, message: 'song not found' });
  });
});
