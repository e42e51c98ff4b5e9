import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ID, Query } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createTestClock } from '../test/clock.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const GUEST = { code: 401, type: 'general_unauthorized_scope', message: 'User (role: guests) missing scopes (["account"])' };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe.each(ENGINES)('JWTs, logs, status, email, phone, targets through the appwrite SDK (%s)', (engine) => {
  let s: TestServer;
  let n = 0;
  const clock = createTestClock();

  beforeAll(async () => {
    s = await startTestServer(engine, {}, undefined, { now: clock.now });
  });
  afterEach(() => clock.reset());
  afterAll(async () => s?.close());

  async function signedIn(userAgent?: string) {
    const email = `sec${++n}@example.com`;
    const sdk = createSdkClient(s.baseUrl, userAgent ? { userAgent } : {});
    const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123', name: `Sec ${n}` });
    const session = await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return { sdk, user, session, email };
  }

  /** GET /account/logs: the v28 SDK has no method for it, so the page calls it through the SDK's client. */
  const listLogs = (sdk: SdkClient, queries: string[] = []) =>
    sdk.run(() =>
      sdk.client.call('get', new URL(`${sdk.endpoint}/account/logs`), { 'X-Appwrite-Project': 'lyra' }, { queries }),
    ) as Promise<{ total: number; logs: Record<string, unknown>[] }>;

  describe('JWTs', () => {
    it('a JWT stands for the session in X-Appwrite-JWT; an expired or garbled one is user_jwt_invalid', async () => {
      const { sdk, user, session } = await signedIn();
      const { jwt } = await sdk.account.createJWT();
      expect(jwt.split('.')).toHaveLength(3);
      const header = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
      expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, number | string>;
      expect(claims).toMatchObject({ userId: user.$id, sessionId: session.$id });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(900);

      const server = createSdkClient(s.baseUrl);
      server.client.setJWT(jwt);
      expect((await server.account.get()).$id).toBe(user.$id);
      expect((await server.account.getSession({ sessionId: 'current' })).$id).toBe(session.$id);
      expect(await failure(server.account.createJWT())).toEqual({
        code: 401,
        type: 'user_jwt_creation_denied',
        message: 'A JWT cannot be created from a request authenticated with a JWT.',
      });

      clock.advance(900_000 + 1000);
      expect(await failure(server.account.get())).toEqual({ code: 401, type: 'user_jwt_invalid', message: 'Failed to verify JWT. Expired token.' });
      clock.reset();
      server.client.setJWT(`${jwt.slice(0, -4)}AAAA`);
      expect(await failure(server.account.get())).toEqual({ code: 401, type: 'user_jwt_invalid', message: 'Failed to verify JWT. Invalid token.' });
      server.client.setJWT('garbage');
      expect(await failure(server.account.get())).toEqual({ code: 401, type: 'user_jwt_invalid', message: 'Failed to verify JWT. Invalid token.' });
    });

    it('a JWT ends with its session, and its duration is checked', async () => {
      const { sdk } = await signedIn();
      const { jwt } = await sdk.account.createJWT({ duration: 60 });
      expect(await failure(sdk.account.createJWT({ duration: 3601 }))).toEqual({
        code: 400,
        type: 'general_argument_invalid',
        message: 'Invalid `duration` param: Value must be a valid range between 0 and 3,600',
      });
      await sdk.account.deleteSession({ sessionId: 'current' });
      const server = createSdkClient(s.baseUrl);
      server.client.setJWT(jwt);
      expect(await failure(server.account.get())).toEqual(GUEST);
      expect(await failure(createSdkClient(s.baseUrl).account.createJWT())).toEqual(GUEST);
    });
  });

  describe('account log', () => {
    it('lists what happened, newest first, with time, address and the client from its User-Agent', async () => {
      const { sdk, user, email } = await signedIn(CHROME);
      await sdk.account.updatePassword({ password: 'password456', oldPassword: 'password123' });
      await sdk.account.updateEmail({ email: `new-${email}`, password: 'password456' });
      await sdk.account.updateMFA({ mfa: false });
      const { total, logs } = await listLogs(sdk);
      expect(total).toBe(5);
      expect(logs.map((l) => l.event)).toEqual(['user.update.mfa', 'user.update.email', 'user.update.password', 'session.create', 'user.create']);
      expect(logs[0]).toEqual({
        event: 'user.update.mfa',
        userId: user.$id,
        userEmail: `new-${email}`,
        userName: user.name,
        mode: 'user',
        userType: 'user',
        ip: '127.0.0.1',
        time: expect.stringMatching(TIME),
        osCode: 'LIN',
        osName: 'GNU/Linux',
        osVersion: '',
        clientType: 'browser',
        clientCode: 'CH',
        clientName: 'Chrome',
        clientVersion: '126.0',
        clientEngine: 'Blink',
        clientEngineVersion: '126.0',
        deviceName: 'desktop',
        deviceBrand: '',
        deviceModel: '',
        countryCode: '--',
        countryName: 'Unknown',
      });
      const page = await listLogs(sdk, [Query.limit(2), Query.offset(1)]);
      expect(page.logs.map((l) => l.event)).toEqual(['user.update.email', 'user.update.password']);
      expect(await failure(listLogs(sdk, [Query.equal('event', 'x')]))).toMatchObject({ code: 400, type: 'general_query_invalid' });
      expect(await failure(listLogs(createSdkClient(s.baseUrl)))).toEqual(GUEST);
    });
  });

  describe('status', () => {
    it('blocking the account ends every session and refuses sign-in', async () => {
      const { sdk, email } = await signedIn();
      const other = createSdkClient(s.baseUrl);
      await other.account.createEmailPasswordSession({ email, password: 'password123' });
      const user = await sdk.account.updateStatus();
      expect(user.status).toBe(false);
      expect(await failure(sdk.account.get())).toEqual(GUEST);
      expect(await failure(other.account.get())).toEqual(GUEST);
      expect(sdk.browser.jar.all()).toEqual([]);
      expect(await failure(other.account.createEmailPasswordSession({ email, password: 'password123' }))).toMatchObject({
        code: 403,
        type: 'user_blocked',
      });
      const rows = await s.testDb.db.query('select id from sessions where user_id = $1', [user.$id]);
      expect(rows).toEqual([]);
    });

    it('closes the realtime sockets of the blocked account', async () => {
      const { sdk, user } = await signedIn();
      const url = `${s.endpoint.replace('http:', 'ws:')}/realtime?project=lyra`;
      const ws = sdk.run(() => new (globalThis.WebSocket as unknown as new (u: string) => WebSocket)(url));
      const frames: { type: string; data: Record<string, unknown> }[] = [];
      let closed: number | null = null;
      ws.addEventListener('message', (m) => void frames.push(JSON.parse(String(m.data))));
      ws.addEventListener('close', (e) => void (closed = e.code));
      await expect.poll(() => frames[0], { timeout: 10_000 }).toMatchObject({ type: 'connected', data: { user: { $id: user.$id } } });
      await sdk.account.updateStatus();
      await expect.poll(() => closed, { timeout: 10_000 }).toBe(1008);
    });
  });

  describe('email and phone', () => {
    it('changes the email with the password; it is unverified again', async () => {
      const { sdk, email } = await signedIn();
      const user = await sdk.account.updateEmail({ email: `Changed-${email}`, password: 'password123' });
      expect(user).toMatchObject({ email: `changed-${email}`, emailVerification: false });
      expect(await failure(sdk.account.updateEmail({ email: `x-${email}`, password: 'wrong-password' }))).toEqual({
        code: 401,
        type: 'user_invalid_credentials',
        message: 'Invalid credentials. Please check the email and password.',
      });
      const other = await signedIn();
      expect(await failure(other.sdk.account.updateEmail({ email: `changed-${email}`, password: 'password123' }))).toEqual({
        code: 409,
        type: 'user_email_already_exists',
        message: 'A user with the same email already exists in the current project.',
      });
      expect(await failure(sdk.account.updateEmail({ email: 'not-an-email', password: 'password123' }))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
      });
      await createSdkClient(s.baseUrl).account.createEmailPasswordSession({ email: `changed-${email}`, password: 'password123' });
    });

    it('stores an E.164 phone number with the password', async () => {
      const { sdk } = await signedIn();
      const phone = `+1415555${String(1000 + n)}`;
      expect(await sdk.account.updatePhone({ phone, password: 'password123' })).toMatchObject({ phone, phoneVerification: false });
      expect((await sdk.account.get()).phone).toBe(phone);
      expect(await failure(sdk.account.updatePhone({ phone: '0151 1234567', password: 'password123' }))).toEqual({
        code: 400,
        type: 'general_argument_invalid',
        message: "Invalid `phone` param: Phone number must start with a '+' can have a maximum of fifteen digits.",
      });
      expect(await failure(sdk.account.updatePhone({ phone: '+4915112345678', password: 'nope-nope' }))).toMatchObject({
        code: 401,
        type: 'user_invalid_credentials',
      });
      const other = await signedIn();
      expect(await failure(other.sdk.account.updatePhone({ phone, password: 'password123' }))).toEqual({
        code: 409,
        type: 'user_phone_already_exists',
        message: 'A user with the same phone number already exists in the current project.',
      });
    });
  });

  describe('bad input', () => {
    it.each([
      ['PATCH', '/account/email', { password: 'password123' }, 'email'],
      ['PATCH', '/account/email', { email: 'a@example.com' }, 'password'],
      ['PATCH', '/account/phone', { password: 'password123' }, 'phone'],
      ['PATCH', '/account/mfa', {}, 'mfa'],
      ['PUT', '/account/mfa/authenticators/totp', {}, 'otp'],
      ['POST', '/account/mfa/challenges', {}, 'factor'],
      ['PUT', '/account/mfa/challenges', { otp: '123456' }, 'challengeId'],
      ['PUT', '/account/mfa/challenges', { challengeId: 'c1' }, 'otp'],
      ['POST', '/account/recovery', { url: 'http://127.0.0.1/' }, 'email'],
      ['PUT', '/account/recovery', { userId: 'u1', password: 'password123' }, 'secret'],
      ['PUT', '/account/recovery', { userId: 'u1', secret: 's' }, 'password'],
      ['POST', '/account/verifications/email', {}, 'url'],
      ['PUT', '/account/verifications/email', { secret: 's' }, 'userId'],
      ['POST', '/account/tokens/magic-url', { userId: 'unique()' }, 'email'],
      ['POST', '/account/tokens/email', { email: 'a@example.com' }, 'userId'],
      ['PUT', '/account/sessions/magic-url', { userId: 'u1' }, 'secret'],
      ['POST', '/account/tokens/phone', { userId: 'unique()' }, 'phone'],
      ['POST', '/account/targets/push', { identifier: 'x' }, 'targetId'],
      ['POST', '/account/targets/push', { targetId: 'unique()' }, 'identifier'],
      ['PUT', '/account/targets/t1/push', {}, 'identifier'],
    ])('%s %s without a parameter names it in a 400', async (method, path, body, missing) => {
      const { sdk } = await signedIn();
      const res = await sdk.run(() =>
        fetch(`${s.endpoint}${path}`, {
          method,
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
          body: JSON.stringify(body),
        }),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: `Missing required parameter: "${missing}"`,
        code: 400,
        type: 'general_argument_invalid',
        version: '1.9.6',
      });
    });

    it.each([
      ['POST', '/account/jwts'],
      ['GET', '/account/logs'],
      ['PATCH', '/account/status'],
      ['PATCH', '/account/mfa'],
      ['GET', '/account/mfa/factors'],
      ['POST', '/account/mfa/recovery-codes'],
      ['POST', '/account/targets/push'],
      ['POST', '/account/verifications/email'],
    ])('%s %s as a guest is 401 general_unauthorized_scope', async (method, path) => {
      const res = await fetch(`${s.endpoint}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject(GUEST);
    });
  });

  describe('mail without a mail server', () => {
    it('writes the verification mail as an .eml file to DATA_DIR/outbox', async () => {
      const { sdk, user } = await signedIn();
      await sdk.account.createEmailVerification({ url: `${s.baseUrl}/profile` });
      const outbox = join(s.dataDir, 'outbox');
      const files = await readdir(outbox);
      const emls = await Promise.all(files.map((f) => readFile(join(outbox, f), 'utf8')));
      const mine = emls.filter((m) => m.includes(`userId=3D${user.$id}`) || m.includes(`userId=${user.$id}`));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toContain('Subject: Verify your Lyra email address');
      expect(mine[0]).toContain(`To: ${user.email}`);
    });
  });

  describe('identities', () => {
    it('deletes one of the caller\'s identities; another user\'s or an unknown one is 404', async () => {
      const { sdk, user } = await signedIn();
      const stranger = await signedIn();
      const at = new Date();
      for (const [id, owner] of [['ident-a', user.$id], ['ident-b', stranger.user.$id]] as const) {
        await s.testDb.db.query(
          `insert into identities (id, user_id, provider, provider_uid, provider_email, created_at, updated_at)
           values ($1, $2, 'oidc', $1, '', $3, $3)`,
          [id, owner, at],
        );
      }
      const NOT_FOUND = {
        code: 404,
        type: 'user_identity_not_found',
        message: 'The identity could not be found. Please sign in with OAuth provider to create identity first.',
      };
      expect(await failure(sdk.account.deleteIdentity({ identityId: 'ident-b' }))).toEqual(NOT_FOUND);
      await sdk.account.deleteIdentity({ identityId: 'ident-a' });
      expect((await sdk.account.listIdentities()).total).toBe(0);
      expect(await failure(sdk.account.deleteIdentity({ identityId: 'ident-a' }))).toEqual(NOT_FOUND);
    });
  });

  describe('push targets', () => {
    it('creates, updates and deletes the caller\'s push targets', async () => {
      const { sdk, user } = await signedIn();
      const targetId = ID.unique();
      const target = await sdk.account.createPushTarget({ targetId, identifier: 'fcm-token-1', providerId: 'fcm' });
      expect(target).toEqual({
        $id: targetId,
        $createdAt: expect.stringMatching(TIME),
        $updatedAt: expect.stringMatching(TIME),
        name: ' ',
        userId: user.$id,
        providerId: 'fcm',
        providerType: 'push',
        identifier: 'fcm-token-1',
        expired: false,
      });
      expect((await sdk.account.get()).targets.map((t) => t.$id)).toEqual([targetId]);
      expect((await sdk.account.updatePushTarget({ targetId, identifier: 'fcm-token-2' })).identifier).toBe('fcm-token-2');
      expect(await failure(sdk.account.createPushTarget({ targetId, identifier: 'x' }))).toEqual({
        code: 409,
        type: 'user_target_already_exists',
        message: 'A target with the same ID already exists.',
      });
      const stranger = await signedIn();
      const NOT_FOUND = { code: 404, type: 'user_target_not_found', message: 'The target could not be found.' };
      expect(await failure(stranger.sdk.account.updatePushTarget({ targetId, identifier: 'stolen' }))).toEqual(NOT_FOUND);
      expect(await failure(stranger.sdk.account.deletePushTarget({ targetId }))).toEqual(NOT_FOUND);
      await sdk.account.deletePushTarget({ targetId });
      expect((await sdk.account.get()).targets).toEqual([]);
      expect(await failure(sdk.account.deletePushTarget({ targetId }))).toEqual(NOT_FOUND);
      expect(await failure(sdk.account.createPushTarget({ targetId: '_bad', identifier: 'x' }))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
      });
    });
  });
});
