import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { sessionsStore } from './sessions.store.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';

/** Appwrite's `Y-m-d\TH:i:s.vP` in UTC. */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

const USER_KEYS = [
  '$createdAt', '$id', '$updatedAt', 'accessedAt', 'email', 'emailVerification', 'labels', 'mfa', 'name',
  'passwordUpdate', 'phone', 'phoneVerification', 'prefs', 'registration', 'status', 'targets',
];
const SESSION_KEYS = [
  '$createdAt', '$id', '$updatedAt', 'clientCode', 'clientEngine', 'clientEngineVersion', 'clientName', 'clientType',
  'clientVersion', 'countryCode', 'countryName', 'current', 'deviceBrand', 'deviceModel', 'deviceName', 'expire',
  'factors', 'ip', 'mfaUpdatedAt', 'osCode', 'osName', 'osVersion', 'provider', 'providerAccessToken',
  'providerAccessTokenExpiry', 'providerRefreshToken', 'providerUid', 'secret', 'userId',
];

describe.each(ENGINES)('accounts and sessions through the appwrite SDK (%s)', (engine) => {
  let s: TestServer;
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer(engine, { ALLOWED_ORIGINS: 'http://app.example.com' });
  });
  afterAll(async () => s?.close());

  /** A raw request, as the SDK would send it (for what the SDK refuses to send itself). */
  const raw = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${s.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });

  /** A fresh user with a password; returns a signed-in browser. */
  async function signedIn(opts: { origin?: string; thirdPartyCookies?: boolean } = {}) {
    const email = `user${++n}@example.com`;
    const sdk = createSdkClient(s.baseUrl, opts);
    const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123', name: `User ${n}` });
    const session = await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return { sdk, user, session, email };
  }

  describe('sign-up (POST /v1/account)', () => {
    it('returns the User model and creates no session', async () => {
      const sdk = createSdkClient(s.baseUrl);
      const userId = ID.unique();
      const user = await sdk.account.create({ userId, email: 'Ada@Example.com', password: 'password123', name: 'Ada Lovelace' });
      expect(Object.keys(user).sort()).toEqual(USER_KEYS);
      expect(user).toMatchObject({
        $id: userId, name: 'Ada Lovelace', email: 'ada@example.com', phone: '', status: true, labels: [],
        emailVerification: false, phoneVerification: false, mfa: false, prefs: {}, targets: [],
      });
      for (const k of ['$createdAt', '$updatedAt', 'registration', 'passwordUpdate', 'accessedAt'] as const) {
        expect(user[k]).toMatch(TIME);
      }
      expect(JSON.stringify(user)).not.toMatch(/password"|hash/i);
      expect(sdk.browser.jar.all()).toEqual([]);
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401 });
    });

    it('generates the id for the literal unique()', async () => {
      const res = await raw('/v1/account', {
        method: 'POST',
        body: JSON.stringify({ userId: 'unique()', email: 'uniq@example.com', password: 'password123' }),
      });
      expect(res.status).toBe(201);
      const user = (await res.json()) as { $id: string; name: string };
      expect(user.$id).toMatch(/^[0-9a-f]{20}$/);
      expect(user.name).toBe('');
    });

    it('refuses a taken email (any case) or id with 409 user_already_exists', async () => {
      const sdk = createSdkClient(s.baseUrl);
      const id = ID.unique();
      await sdk.account.create({ userId: id, email: 'dup@example.com', password: 'password123' });
      const expected = {
        code: 409,
        type: 'user_already_exists',
        message: 'A user with the same id, email, or phone already exists in this project.',
      };
      expect(await failure(sdk.account.create({ userId: ID.unique(), email: 'DUP@example.com', password: 'password123' }))).toEqual(
        expected,
      );
      expect(await failure(sdk.account.create({ userId: id, email: 'other@example.com', password: 'password123' }))).toEqual(
        expected,
      );
    });

    it.each([
      [{ password: 'short' }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long.'],
      [{ password: 'x'.repeat(257) }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long.'],
      [{ password: ' '.repeat(8) }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long and must not consist only of whitespace or control characters.'],
      [{ password: '\u0000'.repeat(8) }, 'password', 'Invalid `password` param: Value must not contain NUL characters.'],
      [{ password: '\u0001\u007f'.repeat(4) }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long and must not consist only of whitespace or control characters.'],
      [{ password: '\t\n\r \u00a0\u200b\u2028\u3000' }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long and must not consist only of whitespace or control characters.'],
      [{ email: 'not-an-email' }, 'email', 'Invalid `email` param: Value must be a valid email address'],
      [{ userId: '_bad' }, 'userId', 'Invalid `userId` param: Parameter must contain at most 36 chars.'],
      [{ userId: 'x'.repeat(37) }, 'userId', 'Invalid `userId` param: Parameter must contain at most 36 chars.'],
      [{ name: 'n'.repeat(129) }, 'name', 'Invalid `name` param: Value must be a valid string and at least 0 chars and no longer than 128 chars'],
    ])('refuses %j with 400 general_argument_invalid', async (patch, _param, message) => {
      const body = { userId: ID.unique(), email: `v${++n}@example.com`, password: 'password123', ...patch };
      const res = await raw('/v1/account', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      const err = (await res.json()) as Record<string, unknown>;
      expect(err).toMatchObject({ code: 400, type: 'general_argument_invalid', version: '1.9.6' });
      expect(String(err.message)).toContain(message);
    });

    it.each(['userId', 'email', 'password'])('names the missing parameter %s', async (param) => {
      const body: Record<string, string> = { userId: ID.unique(), email: 'm@example.com', password: 'password123' };
      delete body[param];
      const res = await raw('/v1/account', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: `Missing required parameter: "${param}"`,
        code: 400,
        type: 'general_argument_invalid',
        version: '1.9.6',
      });
    });

    it.each([
      ['invalid JSON', '{"userId":', 'Invalid JSON in the request body.'],
      ['a JSON array', '[1,2]', 'The request body must be a JSON object.'],
      ['a JSON string', '"x"', 'The request body must be a JSON object.'],
    ])('answers %s with 400, never 500', async (_what, body, message) => {
      const res = await raw('/v1/account', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 400, type: 'general_argument_invalid', message });
    });

    it('answers a non-string parameter with 400', async () => {
      const res = await raw('/v1/account', {
        method: 'POST',
        body: JSON.stringify({ userId: 42, email: 'x@example.com', password: 'password123' }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `userId` param: Value must be a valid string.' });
    });
  });

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

  describe('the current account', () => {
    it('is 401 general_unauthorized_scope for a guest', async () => {
      const guest = createSdkClient(s.baseUrl);
      expect(await failure(guest.account.get())).toEqual({
        code: 401,
        type: 'general_unauthorized_scope',
        message: 'User (role: guests) missing scopes (["account"])',
      });
      const calls: Promise<unknown>[] = [guest.account.getPrefs(), guest.account.listSessions(), guest.account.updateName({ name: 'x' })];
      for (const call of calls) {
        expect(await failure(call)).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
      }
    });

    it('keeps prefs as an object and replaces them on update', async () => {
      const { sdk } = await signedIn();
      expect(await sdk.account.getPrefs()).toEqual({});
      const user = await sdk.account.updatePrefs({ prefs: { theme: 'dark', volume: 0.7, nested: { a: [1] } } });
      expect(user.prefs).toEqual({ theme: 'dark', volume: 0.7, nested: { a: [1] } });
      expect(await sdk.account.getPrefs()).toEqual({ theme: 'dark', volume: 0.7, nested: { a: [1] } });
      await sdk.account.updatePrefs({ prefs: { quality: '320kbps' } });
      expect(await sdk.account.getPrefs()).toEqual({ quality: '320kbps' });
      expect(user.$updatedAt >= user.$createdAt).toBe(true);
    });

    it('refuses prefs that are not an object', async () => {
      const { sdk } = await signedIn();
      const blob = JSON.parse(sdk.browser.localStorage.getItem('cookieFallback')!) as Record<string, string>;
      for (const [body, message] of [
        ['{"prefs":[1,2]}', 'Invalid `prefs` param: Value must be a valid object.'],
        ['{"prefs":"dark"}', 'Invalid `prefs` param: Value must be a valid object.'],
        ['{}', 'Missing required parameter: "prefs"'],
      ] as const) {
        const res = await raw('/v1/account/prefs', { method: 'PATCH', body, headers: { 'x-appwrite-session': blob.a_session_lyra! } });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ type: 'general_argument_invalid', message });
      }
    });

    it('updates the name, refusing an empty one', async () => {
      const { sdk } = await signedIn();
      expect(await sdk.account.updateName({ name: 'Grace' })).toMatchObject({ name: 'Grace' });
      expect(await sdk.account.get()).toMatchObject({ name: 'Grace' });
      expect(await failure(sdk.account.updateName({ name: '' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    });

    it('changes the password only with the old one', async () => {
      const { sdk, user, email } = await signedIn();
      expect(await failure(sdk.account.updatePassword({ password: 'new-password', oldPassword: 'nope-nope' }))).toMatchObject({
        code: 401,
        type: 'user_invalid_credentials',
      });
      await sdk.account.updatePassword({ password: 'new-password', oldPassword: 'password123' });
      const other = createSdkClient(s.baseUrl);
      await expect(other.account.createEmailPasswordSession({ email, password: 'new-password' })).resolves.toMatchObject({ userId: user.$id, provider: 'email', factors: ['password'] });
    });
  });

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
  describe('behind a trusted reverse proxy (TRUST_PROXY=loopback)', () => {
    let p: TestServer;
    beforeAll(async () => {
      p = await startTestServer(engine, { TRUST_PROXY: 'loopback', RATE_LIMITS: 'on' });
    });
    afterAll(async () => p?.close());
    const post = (path: string, body: unknown, forwarded: string) =>
      fetch(`${p.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', 'x-forwarded-for': forwarded },
        body: JSON.stringify(body),
      });

    it('records the rightmost untrusted X-Forwarded-For hop', async () => {
      const email = `proxied${++n}@example.com`;
      await createSdkClient(p.baseUrl).account.create({ userId: ID.unique(), email, password: 'password123' });
      for (const [forwarded, ip] of [
        ['203.0.113.7', '203.0.113.7'],
        ['10.9.9.9, 203.0.113.7', '203.0.113.7'],
        ['203.0.113.7, 127.0.0.1', '203.0.113.7'],
        ['not-an-address', '127.0.0.1'],
      ]) {
        const res = await post('/v1/account/sessions/email', { email, password: 'password123' }, forwarded!);
        expect(res.status).toBe(201);
        expect(((await res.json()) as { ip: string }).ip).toBe(ip);
      }
    });

    it('cannot be bypassed by rotating client-written X-Forwarded-For entries', async () => {
      const email = `target${++n}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await post('/v1/account/sessions/email', { email, password: `guess-${i}-guess` }, `10.0.${i}.1, 198.51.100.20`);
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('limits sign-ups to 10 an hour per address, with 429 general_rate_limit_exceeded and Retry-After', async () => {
      const signUp = (i: number, ip: string) =>
        post('/v1/account', { userId: 'unique()', email: `signup${i}-${ip}@example.com`, password: 'password123' }, ip);
      for (let i = 0; i < 10; i++) expect((await signUp(i, '198.51.100.40')).status).toBe(201);
      const refused = await signUp(10, '198.51.100.40');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect((await signUp(0, '198.51.100.41')).status).toBe(201);
    });

    it('limits anonymous sessions to 50 an hour per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 51; i++) statuses.push((await post('/v1/account/sessions/anonymous', {}, '198.51.100.50')).status);
      expect(statuses.slice(0, 50).every((x) => x === 201)).toBe(true);
      expect(statuses[50]).toBe(429);
      expect((await post('/v1/account/sessions/anonymous', {}, '198.51.100.51')).status).toBe(201);
    });

    it('limits one address spraying many emails', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const res = await post('/v1/account/sessions/email', { email: `spray${i}@example.com`, password: 'password123' }, '198.51.100.30');
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 30).every((x) => x === 401)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      // Another address is unaffected.
      const other = await post('/v1/account/sessions/email', { email: 'spray0@example.com', password: 'password123' }, '198.51.100.31');
      expect(other.status).toBe(401);
    });
  });

});
