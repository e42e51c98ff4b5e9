import { beforeAll, describe, expect, it } from 'vitest';
import { CASES, useAudioServer } from './test/audio-server.js';

/**
 * /media end to end over a real socket (the raw hot path), on both engines:
 * byte ranges and revalidation on a cached tier, download names, CORS, and
 * every kind of bad request, answered alike in process.
 */
describe.each(CASES)('media audio ($engine, $label)', (c) => {
  const { state, get, cachedFile } = useAudioServer(c);
  let { t } = state;
  beforeAll(() => void ({ t } = state));

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
