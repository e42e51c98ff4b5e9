import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient } from './sdk.js';
import { startTestServer, type TestServer } from './server.js';

/** Node's own fetch, read before any SDK client installs the per-page globals. */
const nodeFetch = globalThis.fetch;

describe.each(ENGINES)('the SDK test harness (%s)', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine, { ALLOWED_ORIGINS: 'http://app.example.com' });
  });
  afterAll(async () => s?.close());

  it('keeps two browsers apart, even when they act at the same time', async () => {
    const a = createSdkClient(s.baseUrl);
    const b = createSdkClient(s.baseUrl);
    await Promise.all([
      a.account.create({ userId: 'alice', email: 'alice@example.com', password: 'password123' }),
      b.account.create({ userId: 'bob', email: 'bob@example.com', password: 'password123' }),
    ]);
    await Promise.all([
      a.account.createEmailPasswordSession({ email: 'alice@example.com', password: 'password123' }),
      b.account.createEmailPasswordSession({ email: 'bob@example.com', password: 'password123' }),
    ]);
    const [me, them] = await Promise.all([a.account.get(), b.account.get()]);
    expect([me.$id, them.$id]).toEqual(['alice', 'bob']);
    expect(a.browser.localStorage.getItem('cookieFallback')).not.toBe(b.browser.localStorage.getItem('cookieFallback'));
  });

  it('leaves the process globals alone outside SDK calls', () => {
    createSdkClient(s.baseUrl);
    const g = globalThis as Record<string, unknown>;
    expect(typeof g.window).toBe('undefined');
    expect(g.fetch).toBe(nodeFetch);
    createSdkClient(s.baseUrl).run(() => {
      expect(typeof g.window).toBe('object');
      expect(g.fetch).not.toBe(nodeFetch);
    });
  });

  it('behaves like a browser about CORS: a page on an unknown origin cannot call the API', async () => {
    const evil = createSdkClient(s.baseUrl, { origin: 'http://evil.example' });
    await expect(evil.account.create({ userId: ID.unique(), email: 'e@example.com', password: 'password123' })).rejects.toThrow(
      'Failed to fetch',
    );
    const [row] = await s.testDb.db.query<{ n: number }>("select count(*)::int as n from users where email = 'e@example.com'");
    expect(row!.n).toBe(0);
  });

  it('hides headers the server did not expose from a cross-origin page', async () => {
    const app = createSdkClient(s.baseUrl, { origin: 'http://app.example.com' });
    const res = (await app.run(() => fetch(`${s.endpoint}/ping`, { credentials: 'include', headers: { 'x-appwrite-project': 'lyra' } }))) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('date')).toBeNull();
  });

  it('follows OAuth-style navigations and records location changes', async () => {
    const sdk = createSdkClient(s.baseUrl);
    sdk.run(() => {
      (globalThis as unknown as { window: { location: { href: string } } }).window.location.href = `${s.baseUrl}/v1/nowhere`;
    });
    expect(sdk.browser.assigned).toEqual([`${s.baseUrl}/v1/nowhere`]);
    const nav = await sdk.browser.navigate(sdk.browser.assigned[0]!);
    expect(nav.status).toBe(404);
    expect(JSON.parse(nav.body)).toMatchObject({ type: 'general_route_not_found' });
  });
});
