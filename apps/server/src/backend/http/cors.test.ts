import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { ALLOW_HEADERS } from './cors.js';

describe.each(ENGINES)('CORS for /v1 (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ALLOWED_ORIGINS: 'https://app.example.com', PUBLIC_URL: 'https://music.example.org/' }, ['backend']);
  });
  afterAll(async () => t?.close());

  const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    t.app.request(`http://api.example.net${path}`, init);

  it('answers a preflight with 204 and the exact origin, credentials and headers', async () => {
    const res = await request('/v1/account/sessions/email', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-appwrite-project,x-fallback-cookies,x-sdk-version',
      },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Appwrite-Session, X-Fallback-Cookies');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(', ');
    for (const h of [
      'accept', 'origin', 'cookie', 'content-type', 'content-range', 'x-appwrite-project', 'x-appwrite-jwt',
      'x-appwrite-locale', 'x-appwrite-response-format', 'x-appwrite-session', 'x-sdk-version', 'x-sdk-name',
      'x-sdk-language', 'x-sdk-platform', 'x-fallback-cookies', 'range', 'cache-control', 'pragma',
    ]) {
      expect(allowed).toContain(h);
    }
    expect(ALLOW_HEADERS.split(', ').length).toBeGreaterThanOrEqual(30);
  });

  it('adds the same headers to normal and error responses', async () => {
    for (const [path, status] of [
      ['/v1/ping', 200],
      ['/v1/account', 401],
      ['/v1/nowhere', 404],
      ['/v1/ping?project=other', 404],
    ] as const) {
      const res = await request(path, { headers: { origin: 'https://app.example.com' } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('https://app.example.com');
      expect(res.headers.get('access-control-allow-credentials'), path).toBe('true');
      expect(res.headers.get('access-control-expose-headers'), path).toBe('X-Appwrite-Session, X-Fallback-Cookies');
      expect(res.headers.get('vary'), path).toContain('Origin');
    }
  });

  it.each([
    ['ALLOWED_ORIGINS', 'https://app.example.com'],
    ["PUBLIC_URL's origin", 'https://music.example.org'],
    ['the server itself', 'http://api.example.net'],
  ])('allows %s', async (_who, origin) => {
    const res = await request('/v1/ping', { headers: { origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it.each([
    'https://evil.example',
    'https://app.example.com.evil.example',
    'http://app.example.com',
    'https://app.example.com:8443',
    'http://localhost:5173',
    'http://127.0.0.1:4173',
    'null',
    'file://',
  ])('refuses the unknown origin %s with 403 general_unknown_origin and no CORS headers', async (origin) => {
    for (const method of ['GET', 'OPTIONS', 'POST']) {
      const res = await request('/v1/account', {
        method,
        headers: { origin, 'content-type': 'text/plain', 'access-control-request-method': 'POST' },
        ...(method === 'POST' ? { body: '{"userId":"unique()","email":"x@example.com","password":"password123"}' } : {}),
      });
      expect(res.status, method).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(await res.json()).toMatchObject({ code: 403, type: 'general_unknown_origin', version: '1.9.6' });
    }
    // Nothing was created by the refused cross-site POST.
    const [row] = await t.testDb.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(row!.n).toBe(0);
  });

  it('lets requests without an Origin through without CORS headers', async () => {
    const res = await request('/v1/ping');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('does not touch routes outside /v1', async () => {
    const res = await request('/elsewhere', { headers: { origin: 'https://evil.example' } });
    expect(res.status).not.toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/**
 * Pages on loopback: another program's page on this machine gets nothing; the
 * web app's development server (Vite, forwarding /v1 with the page's Origin)
 * is let through. Over real sockets, so the client address is 127.0.0.1; the
 * server trusts loopback proxies, so X-Forwarded-For can name a remote client.
 */
describe.each(ENGINES)('CORS for pages on loopback (%s)', (engine) => {
  let s: TestServer;
  let otherPort = 0;
  beforeAll(async () => {
    s = await startTestServer(engine, { TRUST_PROXY: 'loopback' });
    otherPort = Number(new URL(s.baseUrl).port) + 1;
  });
  afterAll(async () => s?.close());

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${s.endpoint}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', 'access-control-request-method': 'POST', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('a page on another loopback port gets no credentialed CORS, whatever it claims to be', async () => {
    for (const origin of [`http://localhost:${otherPort}`, `http://127.0.0.1:${otherPort}`, 'http://[::1]:5173', 'http://app.localhost:5173']) {
      // A page calling the server directly is same-site in the browser's eyes, never same-origin.
      const sites: Record<string, string>[] = [{}, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }];
      for (const fetchSite of sites) {
        for (const method of ['OPTIONS', 'GET', 'POST']) {
          const res = await call(method, '/account', { origin, ...fetchSite }, method === 'POST' ? { userId: 'unique()', email: 'lo@example.com', password: 'password123' } : undefined);
          expect(res.status, `${method} from ${origin} ${JSON.stringify(fetchSite)}`).toBe(403);
          expect(res.headers.get('access-control-allow-origin')).toBeNull();
          expect(res.headers.get('access-control-allow-credentials')).toBeNull();
          expect(await res.json()).toMatchObject({ code: 403, type: 'general_unknown_origin', version: '1.9.6' });
        }
      }
    }
    const [row] = await s.testDb.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(row!.n).toBe(0);
  });

  it("the web app's development server on this machine is let through, mailed links to it included", async () => {
    const dev = { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' };
    const res = await call('POST', '/account', dev, { userId: 'unique()', email: 'dev@example.com', password: 'password123' });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const recovery = await call('POST', '/account/recovery', dev, { email: 'dev@example.com', url: 'http://localhost:5173/recovery' });
    expect(recovery.status).toBe(201);
    // Another loopback page is no place for the link, even asked through the development server.
    const elsewhere = await call('POST', '/account/recovery', dev, { email: 'dev@example.com', url: `http://localhost:${otherPort}/recovery` });
    expect(await elsewhere.json()).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `url` param: URL host must be one of: 127.0.0.1, localhost',
    });
  });

  it('not for a request that came from another machine through a trusted proxy', async () => {
    const res = await call('OPTIONS', '/account', { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
