import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { useAccountsServer } from './test/accounts-server.js';

/**
 * Where a request's credential is read from (cookies, the fallback header,
 * X-Appwrite-Session) and malformed ones; the project check, ping and unknown routes.
 */
describe.each(ENGINES)('accounts and sessions through the appwrite SDK (%s)', (engine) => {
  const { s, raw, signedIn } = useAccountsServer(engine);

  describe('where the credential comes from', () => {
    it('works from the legacy cookie alone and from the fallback header alone', async () => {
      const { sdk, user } = await signedIn();
      const fallback = sdk.browser.localStorage.getItem('cookieFallback')!;
      sdk.browser.localStorage.removeItem('cookieFallback');
      expect(await sdk.account.get()).toMatchObject({ $id: user.$id });
      sdk.browser.jar.clear();
      sdk.browser.localStorage.setItem('cookieFallback', fallback);
      expect(await sdk.account.get()).toMatchObject({ $id: user.$id });
    });

    it('signs in a page on another site through the fallback header (no cookies reach the API)', async () => {
      const { sdk, user } = await signedIn({ origin: 'http://app.example.com', thirdPartyCookies: false });
      expect(sdk.browser.jar.all()).toEqual([]);
      expect(JSON.parse(sdk.browser.localStorage.getItem('cookieFallback')!)).toEqual({ a_session_lyra: expect.any(String) });
      expect(sdk.browser.warnings.join('\n')).toContain('Appwrite is using localStorage for session management');
      expect(await sdk.account.get()).toMatchObject({ $id: user.$id });
      await sdk.account.deleteSession({ sessionId: 'current' });
      expect(sdk.browser.localStorage.getItem('cookieFallback')).toBe('[]');
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401 });
    });

    it('accepts X-Appwrite-Session (client.setSession)', async () => {
      const { sdk, user } = await signedIn();
      const blob = (JSON.parse(sdk.browser.localStorage.getItem('cookieFallback')!) as Record<string, string>).a_session_lyra!;
      const server = createSdkClient(s.baseUrl);
      server.client.setSession(blob);
      expect(await server.account.get()).toMatchObject({ $id: user.$id });
    });

    it('lets a live credential win over a stale one earlier in the reading order', async () => {
      const { sdk, user } = await signedIn();
      const blob = (JSON.parse(sdk.browser.localStorage.getItem('cookieFallback')!) as Record<string, string>).a_session_lyra!;
      const stale = Buffer.from(JSON.stringify({ id: user.$id, secret: 'expired-or-revoked' })).toString('base64');
      const res = await raw('/v1/account', { headers: { cookie: `a_session_lyra=${stale}; a_session_lyra_legacy=${blob}` } });
      expect(res.status).toBe(200);
    });

    it.each([
      ['cookie', { cookie: 'a_session_lyra=%%%not-base64' }],
      ['cookie', { cookie: `a_session_lyra=${Buffer.from('[1,2]').toString('base64')}` }],
      ['session header', { 'x-appwrite-session': Buffer.from('{"id":"u","secret":""}').toString('base64') }],
      ['fallback header', { 'x-fallback-cookies': 'not json' }],
      ['fallback header', { 'x-fallback-cookies': '{"a_session_lyra":42}' }],
      ['fallback header', { 'x-fallback-cookies': '[]' }],
    ])('treats a malformed %s as a guest (401, not 500)', async (_where, headers) => {
      const res = await raw('/v1/account', { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ type: 'general_unauthorized_scope' });
    });
  });

  describe('project and ping', () => {
    it('answers ping with text/plain Pong!', async () => {
      const sdk = createSdkClient(s.baseUrl);
      expect(await sdk.client.ping()).toEqual({ message: 'Pong!' });
      const res = await raw('/v1/ping');
      expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    });

    it('answers another project with 404 project_not_found, from the header or the query', async () => {
      const sdk = createSdkClient(s.baseUrl, { project: 'someone-else' });
      const expected = { code: 404, type: 'project_not_found', message: 'Project with the requested ID could not be found.' };
      expect(await failure(sdk.account.get())).toEqual(expected);
      expect(await failure(sdk.client.ping())).toEqual(expected);
      const res = await raw('/v1/ping?project=nope', { headers: { 'x-appwrite-project': 'lyra' } });
      expect(res.status).toBe(404);
    });

    it('answers an unknown route with 404 general_route_not_found', async () => {
      const res = await raw('/v1/account/nope');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ type: 'general_route_not_found' });
    });
  });
});
