import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import type { VideoModule } from '../module.js';
import { NO_PREVIEW } from './video.routes.js';

const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

describe.each(ENGINES)('GET /videos on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const video = t.app.modules.find((m): m is VideoModule => m.name === 'video')!;
    for (const format of ['mp4', 'webm'] as const) {
      const scratch = await video.store.scratchPath(format);
      await writeFile(scratch, BYTES);
      await video.store.commit('song_1', format, scratch);
    }
  });
  afterAll(async () => t?.close());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    t.app.request(path, { method, headers });

  it('serves the whole preview with its type, length and byte-range support', async () => {
    const res = await get('/videos/song_1/preview.mp4');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
    const webm = await get('/videos/song_1/preview.webm');
    expect(webm.headers.get('content-type')).toBe('video/webm');
    await webm.body?.cancel();
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const res = await get('/videos/song_1/preview.mp4', { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(res.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES.subarray(100, 200));
  });

  it('serves open-ended and suffix ranges, clamping a last byte past the end', async () => {
    const open = await get('/videos/song_1/preview.mp4', { range: 'bytes=990-' });
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(Buffer.from(await open.arrayBuffer())).toEqual(BYTES.subarray(990));
    const suffix = await get('/videos/song_1/preview.mp4', { range: 'bytes=-10' });
    expect(suffix.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(BYTES.subarray(990));
    const clamped = await get('/videos/song_1/preview.mp4', { range: 'bytes=500-5000' });
    expect(clamped.headers.get('content-range')).toBe('bytes 500-999/1000');
    await clamped.body?.cancel();
  });

  it('refuses a range past the end with 416 naming the length', async () => {
    for (const range of ['bytes=1000-', 'bytes=2000-2100', 'bytes=abc', 'bytes=5-1']) {
      const res = await get('/videos/song_1/preview.mp4', { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */1000');
    }
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/videos/song_1/preview.mp4', { range: 'bytes=0-9' }, 'HEAD');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('10');
    expect(await res.text()).toBe('');
  });

  it('revalidates with the ETag, and ignores a range whose If-Range is stale', async () => {
    const first = await get('/videos/song_1/preview.mp4');
    const etag = first.headers.get('etag')!;
    await first.body?.cancel();
    expect((await get('/videos/song_1/preview.mp4', { 'if-none-match': etag })).status).toBe(304);
    const stale = await get('/videos/song_1/preview.mp4', { range: 'bytes=0-9', 'if-range': 'W/"old"' });
    expect(stale.status).toBe(200);
    await stale.body?.cancel();
    const fresh = await get('/videos/song_1/preview.mp4', { range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.status).toBe(206);
    await fresh.body?.cancel();
  });

  it('says there is no preview for unknown songs and formats', async () => {
    for (const path of ['/videos/other/preview.mp4', '/videos/song_1/preview.avi', '/videos/song_1/other.mp4', '/videos/.scratch/preview.mp4']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: NO_PREVIEW });
    }
  });

  it('never serves a file outside the videos folder', async () => {
    // The URL parser may resolve dot segments before routing: any 404 will do, never a file.
    for (const path of ['/videos/..%2F..%2Fetc/preview.mp4', '/videos/%2E%2E/preview.mp4', '/videos/../videos/x/preview.mp4']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });
});
