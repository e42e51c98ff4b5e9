import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPWRITE_VERSION, corsMiddleware, encodeSessionBlob } from '../backend/module.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';
import { TRUST_NONE } from './client-address.js';
import { LONE_SURROGATE, MALFORMED_URL, NUL_CHARACTER } from './input-hygiene.js';
import { limitBodies, refuseBadInput, routeFamily } from './request-guards.js';

const DOCS = '/v1/databases/lyra/collections/Feedback/documents';
const JSON_HEADERS = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };
const invalid = (message: string, type = 'general_argument_invalid') => ({ message, code: 400, type, version: APPWRITE_VERSION });
const query = (q: object) => `queries[0]=${encodeURIComponent(JSON.stringify(q))}`;

describe('routeFamily', () => {
  it.each([
    ['/v1', 'backend'], ['/v1/account', 'backend'], ['/v1?x=1', 'backend'], ['/v10', 'other'],
    ['/api/songs', 'catalogue'], ['/api', 'catalogue'], ['/media/x/320.mp4', 'catalogue'], ['/images/x/500.jpg', 'catalogue'],
    ['/videos/x/y.mp4', 'catalogue'], ['/download', 'catalogue'], ['/download?id=1', 'catalogue'], ['/downloads', 'other'],
    ['/', 'other'], ['/%ff', 'other'], ['/healthz', 'other'], ['/apix', 'other'],
  ])('puts %s in the %s family', (path, family) => {
    expect(routeFamily(path)).toBe(family);
  });
});

describe('guards before any route', () => {
  let reached = 0;
  const app = new Hono();
  app.use('*', limitBodies(), refuseBadInput());
  app.all('*', async (c) => {
    reached++;
    return c.json({ body: c.req.raw.body ? await c.req.text() : null });
  });

  it('refuse bad input without running the route', async () => {
    const before = reached;
    const bad = [
      app.request('/v1/account/%ff'),
      app.request('/api/songs/%E0%A4%A'),
      app.request('/v1/account?name=a%00'),
      app.request('/v1/account', { method: 'POST', body: '{"name":"a\\u0000"}' }),
      app.request('/v1/account', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) }),
    ];
    expect((await Promise.all(bad)).map((r) => r.status)).toEqual([400, 400, 400, 400, 413]);
    expect(reached).toBe(before);
  });

  it('leave a checked body readable for the route', async () => {
    const body = JSON.stringify({ name: 'Ada ✓ 🎵', nested: { list: [1, 'two'] } });
    const res = await app.request('/v1/account', { method: 'POST', body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body });
  });

  it('leave non-JSON backend bodies to the route (its own 400)', async () => {
    const res = await app.request('/v1/account', { method: 'POST', body: 'not json \0' });
    expect(await res.json()).toEqual({ body: 'not json \0' });
  });

  it("leave the web app's own paths and the catalogue's NULs alone", async () => {
    expect((await app.request('/%ff')).status).toBe(200);
    expect((await app.request('/api/search?query=a%00')).status).toBe(200);
  });

  it('answer refusals on /v1 through the backend CORS rules', async () => {
    const withCors = new Hono();
    const guards = { backendCors: corsMiddleware({ PUBLIC_URL: undefined, allowedOrigins: ['http://app.example.com'], trustProxy: TRUST_NONE }) };
    withCors.use('*', limitBodies(guards), refuseBadInput(guards));
    const allowed = await withCors.request('/v1/account/%ff', { headers: { origin: 'http://app.example.com' } });
    expect(allowed.status).toBe(400);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(await allowed.json()).toEqual(invalid(MALFORMED_URL));
    const unknown = await withCors.request('/v1/account/%ff', { headers: { origin: 'https://evil.example' } });
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toMatchObject({ code: 403, type: 'general_unknown_origin' });
  });
});

describe.each(ENGINES)('bad input against the whole app (%s)', (engine) => {
  let t: TestApp;
  let webDir: string;
  let cookie = '';
  let n = 0;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'lyra-guards-web-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp(engine, { WEB_DIR: webDir });
    const signUp = await t.app.request('/v1/account', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ userId: 'unique()', email: 'guard@example.com', password: 'password123', name: 'Ada' }),
    });
    expect(signUp.status).toBe(201);
    const signIn = await t.app.request('/v1/account/sessions/email', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: 'guard@example.com', password: 'password123' }),
    });
    expect(signIn.status).toBe(201);
    cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const call = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    t.app.request(path, {
      method: init.method ?? 'GET',
      headers: { ...JSON_HEADERS, cookie, ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
  const post = (path: string, body: string, method = 'POST') => call(path, { method, body });

  describe('NUL characters on the backend answer 400 general_argument_invalid', () => {
    it.each(['name', 'email', 'password', 'userId'])('in the sign-up %s', async (param) => {
      const body = { userId: 'unique()', email: `new${++n}@example.com`, password: 'password123', name: 'Ada', [param]: `a\0${param}@example.com` };
      const res = await call('/v1/account', { method: 'POST', body: JSON.stringify(body), headers: { cookie: '' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(invalid(`Invalid \`${param}\` param: ${NUL_CHARACTER}`));
    });

    it.each(['email', 'password'])('in the sign-in %s', async (param) => {
      const body = { email: 'guard@example.com', password: 'password123', [param]: 'x\0' };
      const res = await call('/v1/account/sessions/email', { method: 'POST', body: JSON.stringify(body), headers: { cookie: '' } });
      expect(await res.json()).toEqual(invalid(`Invalid \`${param}\` param: ${NUL_CHARACTER}`));
    });

    it('in a prefs value or key, a new name or password', async () => {
      const cases: [string, string, object, string][] = [
        ['PATCH', '/v1/account/prefs', { prefs: { theme: 'da\0rk' } }, 'prefs'],
        ['PATCH', '/v1/account/prefs', { prefs: { ['th\0eme']: 'dark' } }, 'prefs'],
        ['PATCH', '/v1/account/name', { name: 'Ada\0' }, 'name'],
        ['PATCH', '/v1/account/password', { password: 'pass\0word456', oldPassword: 'password123' }, 'password'],
      ];
      for (const [method, path, body, param] of cases) {
        const res = await post(path, JSON.stringify(body), method);
        expect(res.status, `${path} ${param}`).toBe(400);
        expect(await res.json()).toEqual(invalid(`Invalid \`${param}\` param: ${NUL_CHARACTER}`));
      }
    });

    it('in document data, ids and permissions', async () => {
      const cases: [object, string][] = [
        [{ documentId: 'unique()', data: { message: 'hello\0 world' } }, 'data'],
        [{ documentId: 'd\0', data: { message: 'hello world' } }, 'documentId'],
        [{ documentId: 'unique()', data: { message: 'hello world' }, permissions: ['read("any\0")'] }, 'permissions'],
      ];
      for (const [body, param] of cases) {
        const res = await post(DOCS, JSON.stringify(body));
        expect(await res.json(), param).toEqual(invalid(`Invalid \`${param}\` param: ${NUL_CHARACTER}`));
      }
      const row = await post('/v1/tablesdb/lyra/tables/Feedback/rows', JSON.stringify({ rowId: 'unique()', data: { message: 'a\0b' } }));
      expect(await row.json()).toEqual(invalid(`Invalid \`data\` param: ${NUL_CHARACTER}`));
    });

    it('in query values and cursors', async () => {
      const value = await call(`${DOCS}?${query({ method: 'equal', attribute: 'message', values: ['a\0'] })}`);
      expect(value.status).toBe(400);
      expect(await value.json()).toEqual(invalid(`Invalid \`queries[0]\` param: ${NUL_CHARACTER}`));
      const cursor = await call(`${DOCS}?${query({ method: 'cursorAfter', values: ['d\0'] })}`);
      expect(await cursor.json()).toEqual(invalid(`Invalid \`queries[0]\` param: ${NUL_CHARACTER}`));
      const project = await call('/v1/account?project=ly%00ra');
      expect(await project.json()).toEqual(invalid(`Invalid \`project\` param: ${NUL_CHARACTER}`));
    });

    it('in ids in the path', async () => {
      for (const path of ['/v1/account/sessions/a%00b', `${DOCS}/d%00`, '/v1/databases/ly%00ra/collections/Feedback/documents']) {
        const res = await call(path);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual(invalid(`Invalid request path: ${NUL_CHARACTER}`));
      }
    });

    it('in a session credential (cookie, header or fallback header)', async () => {
      const blob = encodeSessionBlob({ userId: 'u\0', secret: 's' });
      const sources: Record<string, string>[] = [
        { cookie: `a_session_lyra=${blob}` },
        { cookie: '', 'x-appwrite-session': blob },
        { cookie: '', 'x-fallback-cookies': JSON.stringify({ a_session_lyra: blob }) },
      ];
      for (const headers of sources) {
        const res = await call('/v1/account', { headers });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(invalid(`Invalid session credential: ${NUL_CHARACTER}`));
      }
    });
  });

  describe('unpaired surrogates in JSON on the backend answer 400 general_argument_invalid', () => {
    it('in prefs, a name and document data', async () => {
      const cases: [string, string, string, string][] = [
        ['PATCH', '/v1/account/prefs', '{"prefs":{"theme":"\\ud800"}}', 'prefs'],
        ['PATCH', '/v1/account/name', '{"name":"\\udc00Ada"}', 'name'],
        ['POST', DOCS, '{"documentId":"unique()","data":{"message":"hello \\ud83d world"}}', 'data'],
      ];
      for (const [method, path, body, param] of cases) {
        const res = await post(path, body, method);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual(invalid(`Invalid \`${param}\` param: ${LONE_SURROGATE}`));
      }
    });
  });

  describe('dates PostgreSQL cannot hold in document queries answer 400 general_query_invalid', () => {
    it.each([
      [{ method: 'greaterThan', attribute: '$createdAt', values: ['0000-01-01T00:00:00.000+00:00'] }, '$createdAt', 'greaterThan'],
      [{ method: 'createdBefore', values: ['0000-01-01'] }, '$createdAt', 'createdBefore'],
      [{ method: 'updatedBetween', values: ['2020-01-01', '9999-12-31T23:00:00-05:00'] }, '$updatedAt', 'updatedBetween'],
    ])('%j', async (q, attribute, method) => {
      const res = await call(`${DOCS}?${query(q)}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body).toEqual({ ...invalid(body.message, 'general_query_invalid') });
      expect(body.message).toMatch(new RegExp(`^Invalid query: Query value is invalid for attribute "\\${attribute}" in ${method}: expected a date between the years 1 and 9999, got `));
    });
  });

  describe('malformed percent-encoding answers 400 in each protocol', () => {
    it.each([
      '/v1/databases/%E0%A4%A/collections/Feedback/documents',
      '/v1/account/sessions/%ff',
      '/v1/%ff',
      `${DOCS}?queries[0]=%E0%A4%A`,
      '/v1/ping?project=%ff',
      '/v1/realtime?project=lyra&channels[]=%ED%A0%80',
    ])('on the backend, %s: general_argument_invalid', async (path) => {
      const res = await call(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(invalid(MALFORMED_URL));
    });

    it.each(['/api/songs/%ff', '/api/search?query=%E0%A4%A', '/api/search/songs?query=100%', '/media/%ff/320.mp4', '/images/%E0%A4%A/500.jpg', '/videos/%ff/x.mp4', '/download?id=%ff'])(
      'on the catalogue, %s: {success:false, message}',
      async (path) => {
        const res = await t.app.request(path);
        expect(res.status).toBe(400);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(await res.json()).toEqual({ success: false, message: MALFORMED_URL });
      },
    );

    it.each(['/%ff', '/%E0%A4%A'])("on the web app's paths, %s: its 404 page", async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    });
  });

  it('still serves good input: sign-up, a document and its query read their checked bodies', async () => {
    const user = await call('/v1/account', {
      method: 'POST',
      headers: { cookie: '' },
      body: JSON.stringify({ userId: 'unique()', email: 'fine@example.com', password: 'pass word ✓ 🎵', name: 'Zoë 🎵' }),
    });
    expect(user.status).toBe(201);
    expect(await user.json()).toMatchObject({ name: 'Zoë 🎵', email: 'fine@example.com' });
    const doc = await post(DOCS, JSON.stringify({ documentId: 'unique()', data: { userName: 'Ada', message: 'hello ✓ world 🎵' } }));
    expect(doc.status).toBe(201);
    const found = await call(`${DOCS}?${query({ method: 'createdAfter', values: ['0001-01-01T00:00:00.000+00:00'] })}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ total: 1, documents: [expect.objectContaining({ message: 'hello ✓ world 🎵' })] });
  });

  describe('on a listening server', () => {
    let base: URL;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const server = t.app.createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      close = async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      };
    });
    afterAll(() => close?.());

    /** A raw request, the target sent exactly as written. */
    const raw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: base.hostname, port: base.port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });

    it('refuses malformed media and image URLs before the byte-serving fast path, with 400', async () => {
      for (const path of ['/media/%ff/320.mp4', '/images/%E0%A4%A/500.jpg']) {
        const res = await raw(path);
        expect(res.status, path).toBe(400);
        expect(JSON.parse(res.body)).toEqual({ success: false, message: MALFORMED_URL });
      }
    });

    it('refuses a realtime handshake with a malformed URL or a NUL with 400 in the backend shape', async () => {
      const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
      const malformed = await raw('/v1/realtime?project=lyra&channels[]=%E0%A4%A', upgrade);
      expect(malformed.status).toBe(400);
      expect(JSON.parse(malformed.body)).toEqual(invalid(MALFORMED_URL));
      const nul = await raw('/v1/realtime?project=lyra&channels[]=a%00', upgrade);
      expect(JSON.parse(nul.body)).toEqual(invalid(`Invalid \`channels[]\` param: ${NUL_CHARACTER}`));
    });
  });
});
