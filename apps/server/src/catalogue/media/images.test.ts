import { mkdir, readdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@lyra/contracts/ids';
import { ENGINES } from '../../test/db.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { portOf, rawGet } from './test/fixtures.js';

/** A test picture: left half red, right half blue, so the crop can be checked. */
const picture = (width: number, height: number) => {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) px[i] = 255;
      else px[i + 2] = 255;
    }
  }
  return sharp(px, { raw: { width, height, channels: 3 } });
};

describe.each(ENGINES)('media images (%s)', (engine) => {
  let t: TestApp;
  let server: Server;
  let port: number;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawGet(port, path, headers, method);

  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    const covers = join(t.dataDir, 'covers');
    await mkdir(covers, { recursive: true });
    const db = t.testDb.db;
    const addCover = async (id: string, mime: string, bytes: Buffer) => {
      await writeFile(join(covers, id), bytes);
      await db.query('insert into covers (id, mime, width, height) values ($1, $2, $3, $4)', [id, mime, 0, 0]);
    };
    await addCover('wide1', 'image/png', await picture(800, 400).png().toBuffer());
    await addCover('tiny1', 'image/jpeg', await picture(40, 30).jpeg().toBuffer());
    await addCover('alpha1', 'image/png', await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer());
    await addCover('corrupt1', 'image/jpeg', Buffer.from('not really a jpeg'));
    await db.query(`insert into covers (id, mime) values ('nofile1', 'image/jpeg')`);
    server = t.app.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = portOf(server.address());
    return async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await t.close();
    };
  });

  it.each(IMAGE_SIZES)('makes %i px square JPEGs of any cover, up or down', async (size) => {
    for (const id of ['wide1', 'tiny1', 'alpha1']) {
      const r = await get(`/images/${id}/${size}.jpg`);
      expect(r.status, id).toBe(200);
      expect(r.headers['content-type']).toBe('image/jpeg');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(r.body).metadata();
      expect([meta.format, meta.width, meta.height], id).toEqual(['jpeg', size, size]);
    }
  });

  it('fills the square by cutting the long side (cover fit), keeping the centre', async () => {
    const r = await get('/images/wide1/150.jpg');
    const { data, info } = await sharp(r.body).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // The centre 400x400 of the 800x400 picture: red on the left, blue on the right, no bars.
    expect(at(5, 75)[0]).toBeGreaterThan(200);
    expect(at(144, 75)[2]).toBeGreaterThan(200);
    expect(at(75, 2)[0]! + at(75, 2)[2]!).toBeGreaterThan(200);
  });

  it('caches each size on disk and serves it again with validators', async () => {
    const first = await get('/images/wide1/500.jpg');
    expect((await readdir(join(t.dataDir, 'cache/images/wide1'))).sort()).toEqual(expect.arrayContaining(['500.jpg']));
    const second = await get('/images/wide1/500.jpg');
    expect(second.body.equals(first.body)).toBe(true);
    const notModified = await get('/images/wide1/500.jpg', { 'if-none-match': String(second.headers.etag) });
    expect(notModified.status).toBe(304);
  });

  it.each(IMAGE_SIZES)('renders the default logo at %i px', async (size) => {
    const r = await get(`/images/default/${size}.jpg`);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(r.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', size, size]);
    // The logo is violet, not a blank square.
    const { dominant } = await sharp(r.body).stats();
    expect(dominant.b).toBeGreaterThan(dominant.g);
  });

  it('shows the logo, briefly cached, when a cover file cannot be read as an image', async () => {
    const r = await get('/images/corrupt1/150.jpg');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=300');
    const logo = await get('/images/default/150.jpg');
    expect(r.body.equals(logo.body)).toBe(true);
  });

  it('answers unknown covers, missing files, bad sizes and traversal in the catalogue error shape', async () => {
    const cases: [string, number, string][] = [
      ['/images/nosuchcover/150.jpg', 404, 'image not found'],
      ['/images/nofile1/150.jpg', 404, 'image not found'],
      ['/images/wide1/300.jpg', 400, 'unknown image size 300; expected one of 50, 150, 500'],
      ['/images/wide1/150.png', 404, 'route not found'],
      ['/images/..%2fcovers%2fwide1/150.jpg', 404, 'image not found'],
      ['/images/wide1/..%2f150.jpg', 404, 'route not found'],
    ];
    for (const [path, status, message] of cases) {
      const r = await get(path);
      expect(r.status, path).toBe(status);
      expect(JSON.parse(r.body.toString()), path).toEqual({ success: false, message });
    }
  });

  it('serves one picture to many simultaneous first requests and leaves no temporary files', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => get('/images/tiny1/500.jpg')));
    for (const r of replies) expect(r.body.equals(replies[0]!.body)).toBe(true);
    expect((await readdir(join(t.dataDir, 'cache/images/tiny1'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
