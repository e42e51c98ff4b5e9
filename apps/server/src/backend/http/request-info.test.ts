import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { startOidcIssuer, type OidcIssuer } from '../test/oidc-issuer.js';
import { startTestServer, type TestServer } from '../test/server.js';

const CALLBACK = '/v1/account/sessions/oauth2/callback/google/lyra';

/**
 * X-Forwarded-Host and X-Forwarded-Proto name the server's own origin only
 * when the TCP peer is a proxy TRUST_PROXY names (README, Security). The test
 * servers listen on 127.0.0.1, so `loopback` makes the test client a proxy.
 */
describe.each(ENGINES)("the server's own origin and forwarded headers (%s)", (engine) => {
  let google: OidcIssuer;
  let direct: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    google = await startOidcIssuer();
    [direct, proxied] = await Promise.all([
      startTestServer(engine, google.env('google')),
      startTestServer(engine, { ...google.env('google'), TRUST_PROXY: 'loopback' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), proxied?.close()]);
    await google?.close();
  });

  const headers = (extra: Record<string, string>) => ({ 'content-type': 'application/json', 'x-appwrite-project': 'lyra', ...extra });

  const preflight = (s: TestServer, forwarded: Record<string, string>, origin: string) =>
    fetch(`${s.endpoint}/account`, { method: 'OPTIONS', headers: headers({ origin, 'access-control-request-method': 'GET', ...forwarded }) });

  async function sessionCookies(s: TestServer, forwarded: Record<string, string>): Promise<string[]> {
    const email = `fwd-${Math.random().toString(36).slice(2)}@example.com`;
    const body = JSON.stringify({ userId: 'unique()', email, password: 'password123' });
    expect((await fetch(`${s.endpoint}/account`, { method: 'POST', headers: headers({}), body })).status).toBe(201);
    const res = await fetch(`${s.endpoint}/account/sessions/email`, {
      method: 'POST',
      headers: headers(forwarded),
      body: JSON.stringify({ email, password: 'password123' }),
    });
    expect(res.status).toBe(201);
    return res.headers.getSetCookie();
  }

  const startOAuth = (s: TestServer, forwarded: Record<string, string>, success: string) =>
    fetch(`${s.endpoint}/account/tokens/oauth2/google?project=lyra&success=${encodeURIComponent(success)}&failure=${encodeURIComponent(success)}`, {
      headers: forwarded,
      redirect: 'manual',
    });

  describe('from a peer TRUST_PROXY does not name', () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

    it('a forged X-Forwarded-Host does not pass the CORS self-check', async () => {
      for (const origin of ['https://evil.example', 'http://evil.example']) {
        const res = await preflight(direct, forged, origin);
        expect(res.status, origin).toBe(403);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(await res.json()).toMatchObject({ code: 403, type: 'general_unknown_origin', version: '1.9.6' });
      }
    });

    it('a forged X-Forwarded-Host does not set the cookie domain, nor X-Forwarded-Proto the secure flag', async () => {
      const cookies = await sessionCookies(direct, forged);
      expect(cookies).toHaveLength(2);
      for (const cookie of cookies) {
        expect(cookie).not.toMatch(/domain=/i);
        expect(cookie).not.toMatch(/; secure/i);
      }
    });

    it('a forged X-Forwarded-Host does not move the OAuth redirect base, nor make its site a success URL', async () => {
      const res = await startOAuth(direct, forged, `${direct.baseUrl}/`);
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location')!).searchParams.get('redirect_uri')).toBe(`${direct.baseUrl}${CALLBACK}`);

      const refused = await startOAuth(direct, forged, 'https://evil.example/');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 400, type: 'project_invalid_success_url' });
    });
  });

  describe('from a proxy TRUST_PROXY names', () => {
    const forwarded = { 'x-forwarded-host': 'music.example.org', 'x-forwarded-proto': 'https' };

    it('X-Forwarded-Host and -Proto name the origin the CORS self-check allows', async () => {
      const res = await preflight(proxied, forwarded, 'https://music.example.org');
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://music.example.org');
      expect((await preflight(proxied, forwarded, 'https://evil.example')).status).toBe(403);
    });

    it('they scope the cookies to the forwarded host, secure', async () => {
      for (const cookie of await sessionCookies(proxied, forwarded)) {
        expect(cookie).toContain('; domain=.music.example.org');
        expect(cookie).toContain('; secure');
      }
    });

    it('they are the OAuth redirect base', async () => {
      const res = await startOAuth(proxied, forwarded, 'https://music.example.org/');
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location')!).searchParams.get('redirect_uri')).toBe(`https://music.example.org${CALLBACK}`);
    });
  });
});
