import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { configuredProviders } from '../backend/module.js';
import { loadConfig } from '../config.js';
import { silentLogger } from '../log.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDb, ENGINES, type TestDb } from '../test/db.js';

const HTML = '<!doctype html><div id="root"></div><script>window.x=1</script>';
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
    await mkdir(join(webDir, 'ssr'));
    await writeFile(join(webDir, 'ssr/render.js'), 'export const secret = 1;');
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

  it('sends a content security policy that allows the inline script by hash, and the other security headers', async () => {
    const hash = `'sha256-${createHash('sha256').update('window.x=1').digest('base64')}'`;
    for (const path of ['/', '/player/abc', '/assets/app-1.js', '/nowhere']) {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain(`script-src 'self' ${hash}`);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers client routes with the shell and unknown files with a 404', async () => {
    const route = await get('/player/abc?share=true', 'br');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-encoding')).toBe('br');
    const missing = await get('/assets/missing.js', 'br');
    expect(missing.status).toBe(404);
  });

  it('answers a range of a built file with 206 and its bytes', async () => {
    const res = await t.app.request('/assets/app-1.js', { headers: { range: 'bytes=0-6' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-6/${JS.length}`);
    expect(await res.text()).toBe('console');
  });

  it("never serves files outside the build or the first-screen renderer's own files", async () => {
    for (const path of ['/ssr/render.js', '/..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2fpackage.json', '//etc/passwd']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('secret');
    }
  });

  it("every route of the app is a page (200); any other address gets the app's 404 page with a 404", async () => {
    for (const path of ['/', '/search', '/library/', '/profile', '/favorites', '/callback', '/player/x1', '/album/x1', '/playlist/x1', '/artist/x1', '/share/x1']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe(HTML);
    }
    for (const path of ['/nope', '/album', '/album/a/b', '/search/more', '/%ff', '/%E0%A4%A']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe(HTML);
    }
  });
});

describe.each(ENGINES)('GET /config.json sign-in methods (%s)', (engine) => {
  const GOOGLE = { GOOGLE_CLIENT_ID: 'lyra.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'shh' };
  const OIDC = { OIDC_ISSUER: 'https://id.example.org/realms/home', OIDC_CLIENT_ID: 'lyra' };
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => db?.drop());

  it.each([
    ['nothing is configured', {}, { google: false, oidc: false, email: true }],
    // A compose file or .env template often leaves them present but empty.
    [
      'the variables are empty',
      { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '', OIDC_ISSUER: '', OIDC_CLIENT_ID: '' },
      { google: false, oidc: false, email: true },
    ],
    ['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set', GOOGLE, { google: true, oidc: false, email: true }],
    ['OIDC_ISSUER is set (generic OpenID provider)', OIDC, { google: false, oidc: true, email: true }],
    ['both providers are set', { ...GOOGLE, ...OIDC }, { google: true, oidc: true, email: true }],
  ])('reports signIn when %s', async (_when, env: Record<string, string>, signIn) => {
    const config = loadConfig(env);
    const app = await createApp({ config, db: db.db, log: silentLogger, now: Date.now }, ['web']);
    const res = await app.request('/config.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    // Revalidated on every load, so a changed setting shows at once.
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ projectId: 'lyra', backendEndpoint: '/v1', catalogueHosts: ['/api'], signIn, access: 'public', signUps: 'open' });
    // A button the app shows leads to a provider the backend accepts (else 412 project_provider_disabled).
    const offered = Object.entries(signIn).filter(([method, on]) => on && method !== 'email').map(([method]) => method);
    expect([...configuredProviders(config).keys()].sort()).toEqual(offered.sort());
  });
});
