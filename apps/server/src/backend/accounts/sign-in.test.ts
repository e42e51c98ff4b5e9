import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { sessionsStore } from './sessions.store.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { useAccountsServer } from './test/accounts-server.js';
import { TIME } from './test/fixtures.js';

const SESSION_KEYS = [
  '$createdAt', '$id', '$updatedAt', 'clientCode', 'clientEngine', 'clientEngineVersion', 'clientName', 'clientType',
  'clientVersion', 'countryCode', 'countryName', 'current', 'deviceBrand', 'deviceModel', 'deviceName', 'expire',
  'factors', 'ip', 'mfaUpdatedAt', 'osCode', 'osName', 'osVersion', 'provider', 'providerAccessToken',
  'providerAccessTokenExpiry', 'providerRefreshToken', 'providerUid', 'secret', 'userId',
];

/**
 * Signing in: email/password sessions (the Session model, cookies, wrong
 * passwords, guessing, blocked users) and the other kinds (anonymous, token).
 */
describe.each(ENGINES)('accounts and sessions through the appwrite SDK (%s)', (engine) => {
  const { s, raw, signedIn } = useAccountsServer(engine);

  describe('email/password sessions', () => {
    it('returns the Session model and signs the browser in', async () => {
      const { sdk, user, session } = await signedIn();
      expect(Object.keys(session).sort()).toEqual(SESSION_KEYS);
      expect(session).toMatchObject({
        userId: user.$id, provider: 'email', providerUid: '', current: true, secret: '', factors: ['password'],
        ip: '127.0.0.1', osCode: 'LIN', osName: 'GNU/Linux', clientType: 'browser', clientCode: 'CH',
        clientName: 'Chrome', clientVersion: '126.0', clientEngine: 'Blink', deviceName: 'desktop',
        countryCode: '--', countryName: 'Unknown', providerAccessToken: '', mfaUpdatedAt: '',
      });
      expect(session.$createdAt).toMatch(TIME);
      // Sessions last a year (Appwrite's default), give or take the request time.
      const year = Date.parse(session.expire) - Date.parse(session.$createdAt);
      expect(Math.abs(year - 365 * 86_400_000)).toBeLessThan(5_000);
      const me = await sdk.account.get();
      expect(me).toMatchObject({ $id: user.$id, email: user.email, name: user.name, prefs: {} });
    });

    it('sets both cookies and the fallback header exactly as Appwrite does', async () => {
      const sdk = createSdkClient(s.baseUrl);
      await sdk.account.create({ userId: ID.unique(), email: 'cookies@example.com', password: 'password123' });
      const res = await raw('/v1/account/sessions/email', {
        method: 'POST',
        headers: { origin: s.baseUrl },
        body: JSON.stringify({ email: 'cookies@example.com', password: 'password123' }),
      });
      expect(res.status).toBe(201);
      const [legacy, main] = res.headers.getSetCookie();
      const blob = /^a_session_lyra_legacy=([^;]+);/.exec(legacy!)![1]!;
      const decoded = JSON.parse(Buffer.from(blob, 'base64').toString()) as { id: string; secret: string };
      const session = (await res.json()) as { userId: string; expire: string };
      expect(decoded.id).toBe(session.userId);
      expect(decoded.secret.length).toBeGreaterThanOrEqual(32);
      const expires = new Date(Date.parse(session.expire)).toUTCString();
      // Plain http on an IP: no `secure`, no `domain`.
      expect(legacy).toBe(`a_session_lyra_legacy=${blob}; expires=${expires}; path=/; httponly; samesite=Lax`);
      // The page is this server's own origin: the main cookie is Lax too.
      expect(main).toBe(`a_session_lyra=${blob}; expires=${expires}; path=/; httponly; samesite=Lax`);
      expect(res.headers.get('x-fallback-cookies')).toBe(JSON.stringify({ a_session_lyra: blob }));
      // The real credential is never in the body.
      expect(JSON.stringify(session)).not.toContain(decoded.secret);
    });

    it('ignores X-Forwarded-For unless TRUST_PROXY names the peer', async () => {
      const { email } = await signedIn();
      for (const forwarded of ['203.0.113.7', '203.0.113.7, 10.0.0.1', 'not-an-address']) {
        const res = await raw('/v1/account/sessions/email', {
          method: 'POST',
          headers: { 'x-forwarded-for': forwarded },
          body: JSON.stringify({ email, password: 'password123' }),
        });
        expect(res.status).toBe(201);
        expect(((await res.json()) as { ip: string }).ip).toBe('127.0.0.1');
      }
    });

    it('answers 429 with Retry-After in seconds', async () => {
      const { email } = await signedIn();
      for (let i = 0; i < 10; i++) {
        await raw('/v1/account/sessions/email', { method: 'POST', body: JSON.stringify({ email, password: `nope-${i}-nope` }) });
      }
      const res = await raw('/v1/account/sessions/email', { method: 'POST', body: JSON.stringify({ email, password: 'password123' }) });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    });

    it('refuses a wrong password or an unknown email with 401 user_invalid_credentials', async () => {
      const { email } = await signedIn();
      const expected = { code: 401, type: 'user_invalid_credentials', message: 'Invalid credentials. Please check the email and password.' };
      const other = createSdkClient(s.baseUrl);
      expect(await failure(other.account.createEmailPasswordSession({ email, password: 'password124' }))).toEqual(expected);
      expect(await failure(other.account.createEmailPasswordSession({ email: 'nobody@example.com', password: 'password123' }))).toEqual(
        expected,
      );
      // Emails match whatever their case.
      await expect(other.account.createEmailPasswordSession({ email: email.toUpperCase(), password: 'password123' })).resolves.toMatchObject({
        current: true,
      });
    });

    it('refuses a second session while one is active with 401 user_session_already_exists', async () => {
      const { sdk, email } = await signedIn();
      expect(await failure(sdk.account.createEmailPasswordSession({ email, password: 'password123' }))).toEqual({
        code: 401,
        type: 'user_session_already_exists',
        message: 'Creation of a session is prohibited when a session is active.',
      });
      expect(await failure(sdk.account.createAnonymousSession())).toMatchObject({ type: 'user_session_already_exists' });
    });

    it('stops password guessing after 10 failures from one address with 429', async () => {
      const { email } = await signedIn();
      const other = createSdkClient(s.baseUrl);
      for (let i = 0; i < 10; i++) {
        expect(await failure(other.account.createEmailPasswordSession({ email, password: `wrong-${i}-pass` }))).toMatchObject({ code: 401 });
      }
      expect(await failure(other.account.createEmailPasswordSession({ email, password: 'password123' }))).toMatchObject({
        code: 429,
        type: 'general_rate_limit_exceeded',
      });
    });

    it('tells realtime which sessions are still live: not deleted, not expired, account not blocked', async () => {
      const first = await signedIn();
      const second = await signedIn();
      const id1 = (await first.sdk.account.getSession('current')).$id;
      const id2 = (await second.sdk.account.getSession('current')).$id;
      const store = sessionsStore(s.testDb.db);
      expect(await store.liveIds([id1, id2, 'gone'], new Date())).toEqual(new Set([id1, id2]));
      await s.testDb.db.query('update users set status = false where id = $1', [second.user.$id]);
      expect(await store.liveIds([id1, id2], new Date())).toEqual(new Set([id1]));
      expect(await store.liveIds([id1], new Date(Date.now() + 400 * 86_400_000))).toEqual(new Set());
    });

    it('refuses a blocked user (403 user_blocked) and treats their sessions as guests', async () => {
      const { sdk, user, email } = await signedIn();
      await s.testDb.db.query('update users set status = false where id = $1', [user.$id]);
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
      const other = createSdkClient(s.baseUrl);
      expect(await failure(other.account.createEmailPasswordSession({ email, password: 'password123' }))).toMatchObject({
        code: 403,
        type: 'user_blocked',
      });
    });
  });

  describe('other session kinds', () => {
    it('creates an anonymous user and session', async () => {
      const sdk = createSdkClient(s.baseUrl);
      const session = await sdk.account.createAnonymousSession();
      expect(session).toMatchObject({ provider: 'anonymous', factors: ['anonymous'], current: true });
      expect(await sdk.account.get()).toMatchObject({ $id: session.userId, email: '', name: '', emailVerification: false });
    });

    it('refuses a bad token with 401 user_invalid_token and a missing secret with 400', async () => {
      const { user } = await signedIn();
      const sdk = createSdkClient(s.baseUrl);
      expect(await failure(sdk.account.createSession({ userId: user.$id, secret: 'made-up' }))).toEqual({
        code: 401,
        type: 'user_invalid_token',
        message: 'Invalid token passed in the request.',
      });
      const res = await raw('/v1/account/sessions/token', { method: 'POST', body: JSON.stringify({ userId: user.$id }) });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Missing required parameter: "secret"' });
    });
  });
});
