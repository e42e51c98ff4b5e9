import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { useAccountsServer } from './test/accounts-server.js';

/** A user's sessions: listing them, logging out of one or all, renewal, the 10-session cap and expiry. */
describe.each(ENGINES)('accounts and sessions through the appwrite SDK (%s)', (engine) => {
  const { s, raw, signedIn } = useAccountsServer(engine);

  describe('listing and deleting sessions', () => {
    it('lists the user\'s sessions, marking the current one', async () => {
      const { sdk, email, session } = await signedIn();
      const phone = createSdkClient(s.baseUrl, { userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0' });
      const second = await phone.account.createEmailPasswordSession({ email, password: 'password123' });
      const list = await sdk.account.listSessions();
      expect(list.total).toBe(2);
      expect(list.sessions.map((x) => [x.$id, x.current])).toEqual([
        [session.$id, true],
        [second.$id, false],
      ]);
      expect(list.sessions[1]).toMatchObject({ osName: 'Android', clientName: 'Firefox', deviceName: 'smartphone', secret: '' });
      expect(await sdk.account.getSession({ sessionId: 'current' })).toMatchObject({ $id: session.$id, current: true });
      expect(await sdk.account.getSession({ sessionId: second.$id })).toMatchObject({ $id: second.$id, current: false });
    });

    it('answers an unknown or foreign session with 404 user_session_not_found', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const expected = { code: 404, type: 'user_session_not_found', message: 'The current user session could not be found.' };
      expect(await failure(a.sdk.account.getSession({ sessionId: 'nope' }))).toEqual(expected);
      expect(await failure(a.sdk.account.getSession({ sessionId: b.session.$id }))).toEqual(expected);
      expect(await failure(a.sdk.account.deleteSession({ sessionId: b.session.$id }))).toEqual(expected);
      await expect(b.sdk.account.get()).resolves.toMatchObject({ $id: b.user.$id });
    });

    it('logs out: 204, both cookies expired, fallback emptied, then a guest', async () => {
      const { sdk } = await signedIn();
      // Same-site page over http: both cookies are Lax, so the browser keeps both.
      expect(sdk.browser.jar.all().map((c) => c.name)).toEqual(['a_session_lyra_legacy', 'a_session_lyra']);
      const res = await sdk.account.deleteSession({ sessionId: 'current' });
      expect(res).toEqual({ message: '' });
      expect(sdk.browser.jar.all()).toEqual([]);
      expect(sdk.browser.localStorage.getItem('cookieFallback')).toBe('[]');
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401 });
    });

    it('sends cookie-clearing headers on logout', async () => {
      const { sdk } = await signedIn();
      const blob = (JSON.parse(sdk.browser.localStorage.getItem('cookieFallback')!) as Record<string, string>).a_session_lyra!;
      const res = await raw('/v1/account/sessions/current', { method: 'DELETE', body: '{}', headers: { 'x-appwrite-session': blob } });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(res.headers.get('x-fallback-cookies')).toBe('[]');
      const cleared = res.headers.getSetCookie();
      expect(cleared.map((c) => c.split('=')[0])).toEqual(['a_session_lyra_legacy', 'a_session_lyra']);
      for (const c of cleared) {
        const expires = Date.parse(/expires=([^;]+)/.exec(c)![1]!);
        expect(expires).toBeLessThan(Date.now());
        expect(c).toMatch(/^a_session_lyra(_legacy)?=; /);
      }
    });

    it('deletes another session without touching the caller\'s cookies', async () => {
      const { sdk, email } = await signedIn();
      const laptop = createSdkClient(s.baseUrl);
      const other = await laptop.account.createEmailPasswordSession({ email, password: 'password123' });
      await sdk.account.deleteSession({ sessionId: other.$id });
      expect(await failure(laptop.account.get())).toMatchObject({ code: 401 });
      await expect(sdk.account.get()).resolves.toMatchObject({ email });
      expect(sdk.browser.jar.all().map((c) => c.name)).toEqual(['a_session_lyra_legacy', 'a_session_lyra']);
    });

    it('deletes every session at once', async () => {
      const { sdk, email } = await signedIn();
      const laptop = createSdkClient(s.baseUrl);
      await laptop.account.createEmailPasswordSession({ email, password: 'password123' });
      await sdk.account.deleteSessions();
      expect(await failure(laptop.account.get())).toMatchObject({ code: 401 });
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401 });
      expect(sdk.browser.localStorage.getItem('cookieFallback')).toBe('[]');
    });

    it('renews a session for another year on update', async () => {
      const { sdk, session } = await signedIn();
      await s.testDb.db.query("update sessions set expire = now() + interval '1 day' where id = $1", [session.$id]);
      const renewed = await sdk.account.updateSession({ sessionId: 'current' });
      expect(Date.parse(renewed.expire) - Date.now()).toBeGreaterThan(364 * 86_400_000);
    });

    it('keeps at most 10 sessions per user, dropping the oldest', async () => {
      const { email, session } = await signedIn();
      const browsers: SdkClient[] = [];
      for (let i = 0; i < 10; i++) {
        const b = createSdkClient(s.baseUrl);
        await b.account.createEmailPasswordSession({ email, password: 'password123' });
        browsers.push(b);
      }
      const list = await browsers[9]!.account.listSessions();
      expect(list.total).toBe(10);
      expect(list.sessions.map((x) => x.$id)).not.toContain(session.$id);
    });

    it('treats an expired session as a guest', async () => {
      const { sdk, session } = await signedIn();
      await s.testDb.db.query("update sessions set expire = now() - interval '1 second' where id = $1", [session.$id]);
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    });
  });
});
