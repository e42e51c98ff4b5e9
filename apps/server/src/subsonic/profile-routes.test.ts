import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../backend/documents/test/sdk-users.js';
import type { SdkClient } from '../backend/test/sdk.js';
import type { TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { client, startServerHarness, tokenParams, type Harness } from './test/harness.js';

type Json = Record<string, unknown>;
type Keys = { id: string; createdAt: string; lastUsedAt: string | null }[];

describe.each(ENGINES)("the Profile page's Subsonic credentials (%s)", (engine) => {
  let h: Harness & { t: TestServer };
  let ada: SdkClient & { userId: string; email: string };
  let bob: SdkClient & { userId: string; email: string };

  beforeAll(async () => {
    h = await startServerHarness(engine);
    ada = await signedInClient(h.t.baseUrl, 'ada');
    bob = await signedInClient(h.t.baseUrl, 'bob');
  });
  afterAll(async () => h?.close());

  const call = async (who: SdkClient, path: string, method = 'GET') => {
    const res = await who.browser.fetch(`${h.t.baseUrl}/subsonic/credentials${path}`, { method });
    return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Json) };
  };
  const ping = async (auth: Record<string, string>) => (await client(h.t, auth).json('ping')).error?.code ?? 'ok';

  it('refuses guests in Appwrite’s error shape', async () => {
    const res = await fetch(`${h.t.baseUrl}/subsonic/credentials`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'User (role: guests) missing scopes (["account"])',
      code: 401,
      type: 'general_unauthorized_scope',
      version: expect.any(String),
    });
    const post = await fetch(`${h.t.baseUrl}/subsonic/credentials/api-keys`, { method: 'POST' });
    expect(post.status).toBe(401);
  });

  it('shows the server, the user name and an app password that signs Subsonic apps in', async () => {
    const { status, body } = await call(ada, '');
    expect(status).toBe(200);
    expect(body).toEqual({ serverUrl: h.t.baseUrl, username: ada.email, appPassword: expect.stringMatching(/^[A-Za-z0-9]{24}$/), apiKeys: [] });
    expect((await call(ada, '')).body!.appPassword).toBe(body!.appPassword);
    expect(await ping({ u: ada.email, p: String(body!.appPassword) })).toBe('ok');
    expect(await ping(tokenParams(ada.email, String(body!.appPassword)))).toBe('ok');
  });

  it('rotates the app password: the old one stops working', async () => {
    const old = String((await call(ada, '')).body!.appPassword);
    const { status, body } = await call(ada, '/app-password', 'POST');
    expect(status).toBe(200);
    const fresh = String(body!.appPassword);
    expect(fresh).not.toBe(old);
    expect((await call(ada, '')).body!.appPassword).toBe(fresh);
    expect(await ping(tokenParams(ada.email, fresh))).toBe('ok');
    expect(await ping(tokenParams(ada.email, old))).toBe(40);
  });

  it('creates API keys shown once, lists them by date and revokes them; only their owner can', async () => {
    const made = await call(ada, '/api-keys', 'POST');
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/), apiKey: expect.stringMatching(/^lyra_/), createdAt: expect.any(String) });
    const key = String(made.body!.apiKey);
    expect(await ping({ apiKey: key })).toBe('ok');
    const keys = (await call(ada, '')).body!.apiKeys as Keys;
    expect(keys).toEqual([{ id: made.body!.id, createdAt: made.body!.createdAt, lastUsedAt: expect.any(String) }]);
    expect(JSON.stringify(keys)).not.toContain(key);

    expect((await call(bob, `/api-keys/${String(made.body!.id)}`, 'DELETE')).body).toMatchObject({ code: 404, type: 'subsonic_key_not_found' });
    expect(await ping({ apiKey: key })).toBe('ok');
    expect((await call(bob, '')).body!.apiKeys).toEqual([]);

    expect((await call(ada, `/api-keys/${String(made.body!.id)}`, 'DELETE')).status).toBe(204);
    expect(await ping({ apiKey: key })).toBe(44);
    expect((await call(ada, '')).body!.apiKeys).toEqual([]);
    expect((await call(ada, `/api-keys/${String(made.body!.id)}`, 'DELETE')).status).toBe(404);
  });

  it('refuses other sites (the backend’s origin policy) and unknown routes', async () => {
    const direct = await fetch(`${h.t.baseUrl}/subsonic/credentials/app-password`, { method: 'POST', headers: { origin: 'https://elsewhere.example' } });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ code: 403, type: 'general_unknown_origin' });
    expect((await call(ada, '/nonsense')).body).toMatchObject({ code: 404, type: 'general_route_not_found' });
  });
});
