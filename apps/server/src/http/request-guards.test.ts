import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { backendGuardRules, corsMiddleware } from '../backend/module.js';
import { TRUST_NONE } from './client-address.js';
import { MALFORMED_URL } from './input-hygiene.js';
import { limitBodies, refuseBadInput, routeFamily } from './request-guards.js';
import { invalid } from './test/guarded-app.js';

/**
 * The request guards on their own: which protocol a path belongs to, and
 * what the guards refuse, let through and leave readable before any route.
 * The whole app's answers are in request-guards-backend.test.ts and
 * request-guards-urls.test.ts.
 */
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
  const guards = { backend: backendGuardRules };
  app.use('*', limitBodies(guards), refuseBadInput(guards));
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
    const guards = { backend: backendGuardRules, backendCors: corsMiddleware({ PUBLIC_URL: undefined, allowedOrigins: ['http://app.example.com'], trustProxy: TRUST_NONE }) };
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
