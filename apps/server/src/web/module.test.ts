import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';

const HTML = '<!doctype html><div id="root"></div>';
const JS = 'console.log("lyra");'.repeat(100);

describe.each(ENGINES)('web module serving the built app (%s)', (engine) => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'lyra-web-test-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), HTML);
    await writeFile(join(webDir, 'index.html.br'), brotliCompressSync(HTML));
    await writeFile(join(webDir, 'assets/app-1.js'), JS);
    await writeFile(join(webDir, 'assets/app-1.js.gz'), gzipSync(JS));
    t = await createTestApp(engine, { WEB_DIR: webDir }, ['web']);
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (path: string, encoding?: string) => t.app.request(path, { headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli copy of the shell when the browser accepts br', async () => {
    const res = await get('/', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('accept-encoding');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(HTML);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/app-1.js', 'gzip, br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(JS);
    const plain = await get('/assets/app-1.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(JS);
    const htmlPlain = await get('/', 'gzip');
    expect(htmlPlain.headers.get('content-encoding')).toBeNull();
    expect(await htmlPlain.text()).toBe(HTML);
  });

  it('answers client routes with the shell and unknown files with a 404', async () => {
    const route = await get('/player/abc?share=true', 'br');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-encoding')).toBe('br');
    const missing = await get('/assets/missing.js', 'br');
    expect(missing.status).toBe(404);
  });
});
