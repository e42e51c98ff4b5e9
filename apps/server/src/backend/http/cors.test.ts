import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
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
    ['a loopback dev server', 'http://localhost:5173'],
    ['a loopback IP', 'http://127.0.0.1:4173'],
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
