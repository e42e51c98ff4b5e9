import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { ID } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createTestClock } from '../test/clock.js';
import { codeIn, linkIn, startMailbox, type Mailbox } from '../test/mailbox.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const INVALID_TOKEN = { code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.' };

describe.each(ENGINES)('mailed secrets through the appwrite SDK and a real SMTP server (%s)', (engine) => {
  let s: TestServer;
  let mailbox: Mailbox;
  let n = 0;
  const clock = createTestClock();

  beforeAll(async () => {
    mailbox = await startMailbox();
    s = await startTestServer(engine, { SMTP_URL: mailbox.url, MAIL_FROM: 'Lyra <accounts@lyra.example>' }, undefined, { now: clock.now });
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await s?.close();
    await mailbox?.close();
  });

  const appUrl = () => `${s.baseUrl}/profile`;

  async function signedIn() {
    const email = `mail${++n}@example.com`;
    const sdk = createSdkClient(s.baseUrl);
    const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123', name: `Mail ${n}` });
    await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return { sdk, user, email };
  }

  const raw = (path: string, method: string, body: unknown) =>
    fetch(`${s.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
      body: JSON.stringify(body),
    });

  describe('email verification', () => {
    it('mails a link to the app; following it verifies the email, once', async () => {
      const { sdk, user, email } = await signedIn();
      const token = await sdk.account.createEmailVerification({ url: `${appUrl()}?tab=account` });
      expect(token).toMatchObject({ userId: user.$id, secret: '', phrase: '' });
      expect(token.expire).toMatch(TIME);

      const mail = await mailbox.next(email);
      expect(mail.from).toBe('Lyra <accounts@lyra.example>');
      expect(mail.subject).toBe('Verify your Lyra email address');
      expect(mail.html).toContain('Verify email');
      const link = linkIn(mail, appUrl());
      expect(link.pathname).toBe('/profile');
      expect([...link.searchParams.keys()]).toEqual(['tab', 'userId', 'secret', 'expire']);
      expect(link.searchParams.get('userId')).toBe(user.$id);
      expect(link.searchParams.get('expire')).toBe(token.expire);

      const secret = link.searchParams.get('secret')!;
      const done = await sdk.account.updateEmailVerification({ userId: user.$id, secret });
      expect(done).toMatchObject({ $id: token.$id, userId: user.$id, secret: '' });
      expect((await sdk.account.get()).emailVerification).toBe(true);
      expect(await failure(sdk.account.updateEmailVerification({ userId: user.$id, secret }))).toEqual(INVALID_TOKEN);
      expect(await failure(sdk.account.createEmailVerification({ url: appUrl() }))).toEqual({
        code: 409,
        type: 'user_email_already_verified',
        message: 'User email is already verified',
      });
    });

    it('refuses a link to another site with Appwrite\'s url error', async () => {
      const { sdk } = await signedIn();
      expect(await failure(sdk.account.createEmailVerification({ url: 'https://evil.example.com/steal' }))).toEqual({
        code: 400,
        type: 'general_argument_invalid',
        message: 'Invalid `url` param: URL host must be one of: 127.0.0.1',
      });
      expect(await failure(sdk.account.createEmailVerification({ url: 'javascript:alert(1)' }))).toMatchObject({ code: 400 });
      // X-Forwarded-Host counts only from a trusted proxy (TRUST_PROXY): none here.
      const body = JSON.stringify({ email: 'x@example.com', url: 'http://evil.example.com/reset' });
      const forwarded = await fetch(`${s.baseUrl}/v1/account/recovery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-host': 'evil.example.com' },
        body,
      });
      expect(forwarded.status).toBe(400);
    });

    it('refuses a wrong secret and an expired one', async () => {
      const { sdk, user, email } = await signedIn();
      await sdk.account.createEmailVerification({ url: appUrl() });
      const secret = linkIn(await mailbox.next(email), appUrl()).searchParams.get('secret')!;
      expect(await failure(sdk.account.updateEmailVerification({ userId: user.$id, secret: 'wrong' }))).toEqual(INVALID_TOKEN);
      clock.advance(60 * 60_000 + 1000);
      expect(await failure(sdk.account.updateEmailVerification({ userId: user.$id, secret }))).toEqual(INVALID_TOKEN);
      expect((await raw('/v1/account/verifications/email', 'PUT', { userId: user.$id })).status).toBe(400);
    });
  });

  describe('password recovery', () => {
    it('mails a link; the new password works, the old one and the link no longer do, and sessions end', async () => {
      const { sdk, user, email } = await signedIn();
      const other = createSdkClient(s.baseUrl);
      const token = await other.account.createRecovery({ email, url: appUrl() });
      expect(token).toMatchObject({ userId: user.$id, secret: '' });

      const mail = await mailbox.next(email);
      expect(mail.subject).toBe('Reset your Lyra password');
      expect(mail.text).toContain(`Hello Mail ${n},`);
      const link = linkIn(mail, appUrl());
      expect([...link.searchParams.keys()]).toEqual(['userId', 'secret', 'expire']);
      const secret = link.searchParams.get('secret')!;
      // Only the secret's hash is kept (as for session secrets: secrets-at-rest.test.ts).
      const rows = await s.testDb.db.query<{ row: string; secret_hash: string }>(
        "select to_jsonb(t)::text as row, secret_hash from tokens t where user_id = $1 and type = 'recovery'",
        [user.$id],
      );
      expect(rows.map((r) => r.secret_hash)).toEqual([createHash('sha256').update(secret).digest('hex')]);
      expect(rows[0]!.row).not.toContain(secret);

      await other.account.updateRecovery({ userId: user.$id, secret, password: 'new-password-456' });
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401 });
      expect(await failure(other.account.createEmailPasswordSession({ email, password: 'password123' }))).toMatchObject({
        code: 401,
        type: 'user_invalid_credentials',
      });
      await other.account.createEmailPasswordSession({ email, password: 'new-password-456' });
      expect((await other.account.get()).emailVerification).toBe(true);
      expect(await failure(createSdkClient(s.baseUrl).account.updateRecovery({ userId: user.$id, secret, password: 'third-password-789' }))).toEqual(
        INVALID_TOKEN,
      );
    });

    it('refuses an expired link, an unknown email, a weak password and a foreign url', async () => {
      const { user, email } = await signedIn();
      const guest = createSdkClient(s.baseUrl);
      await guest.account.createRecovery({ email, url: appUrl() });
      const secret = linkIn(await mailbox.next(email), appUrl()).searchParams.get('secret')!;
      expect(await failure(guest.account.updateRecovery({ userId: user.$id, secret, password: 'short' }))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
        message: 'Invalid `password` param: Password must be between 8 and 256 characters long.',
      });
      clock.advance(60 * 60_000 + 1000);
      expect(await failure(guest.account.updateRecovery({ userId: user.$id, secret, password: 'new-password-456' }))).toEqual(INVALID_TOKEN);
      expect(await failure(guest.account.createRecovery({ email: 'nobody@example.com', url: appUrl() }))).toEqual({
        code: 404,
        type: 'user_not_found',
        message: 'User with the requested ID could not be found.',
      });
      expect(await failure(guest.account.createRecovery({ email, url: 'http://evil.example.com/' }))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
      });
      expect(await failure(guest.account.updateRecovery({ userId: 'nobody', secret: 'x', password: 'password123' }))).toMatchObject({
        code: 404,
        type: 'user_not_found',
      });
      const missing = await raw('/v1/account/recovery', 'POST', { email });
      expect(await missing.json()).toEqual({ message: 'Missing required parameter: "url"', code: 400, type: 'general_argument_invalid', version: '1.9.6' });
    });

    it('without PUBLIC_URL, a Host header names this server only on loopback or a private network', async () => {
      const { email } = await signedIn();
      const port = new URL(s.baseUrl).port;
      const withHost = (host: string, url: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request(`${s.baseUrl}/v1/account/recovery`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', host },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          });
          req.on('error', reject);
          req.end(JSON.stringify({ email, url }));
        });
      const forged = await withHost('evil.example.com', 'http://evil.example.com/reset');
      expect(forged.status).toBe(400);
      expect(JSON.parse(forged.body)).toMatchObject({
        message: 'Invalid `url` param: no URL host is allowed (set PUBLIC_URL to mail links to this server by name)',
        type: 'general_argument_invalid',
      });
      const before = mailbox.mails.length;
      const lan = await withHost(`192.168.1.20:${port}`, `http://192.168.1.20:${port}/recovery`);
      expect(lan.status).toBe(201);
      await expect.poll(() => mailbox.mails.length).toBe(before + 1);
      const link = linkIn(mailbox.mails.at(-1)!, 'http://192.168.1.20');
      expect(`${link.origin}${link.pathname}`).toBe(`http://192.168.1.20:${port}/recovery`);
      expect(link.searchParams.get('secret')).toMatch(/^[\w-]{32,}$/);
    });
  });

  describe('magic URL sign-in', () => {
    it('creates the account, mails a link with the phrase, and the link signs in once', async () => {
      const email = `magic${++n}@example.com`;
      const sdk = createSdkClient(s.baseUrl);
      const userId = ID.unique();
      const token = await sdk.account.createMagicURLToken({ userId, email, url: appUrl(), phrase: true });
      expect(token).toMatchObject({ userId, secret: '' });
      expect(token.phrase).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);

      const mail = await mailbox.next(email);
      expect(mail.subject).toBe('Sign in to Lyra');
      expect(mail.text).toContain(`Security phrase: ${token.phrase}.`);
      const link = linkIn(mail, appUrl());
      expect([...link.searchParams.keys()]).toEqual(['userId', 'secret', 'expire', 'project']);
      expect(link.searchParams.get('project')).toBe('lyra');
      const secret = link.searchParams.get('secret')!;

      const session = await sdk.account.updateMagicURLSession({ userId, secret });
      expect(session).toMatchObject({ userId, provider: 'magic-url', factors: ['email'], current: true });
      expect(await sdk.account.get()).toMatchObject({ $id: userId, email, emailVerification: true });
      expect(await failure(createSdkClient(s.baseUrl).account.updateMagicURLSession({ userId, secret }))).toEqual(INVALID_TOKEN);
    });

    it('signs an existing user in through POST /account/sessions/token as well', async () => {
      const { user, email } = await signedIn();
      const sdk = createSdkClient(s.baseUrl);
      const token = await sdk.account.createMagicURLToken({ userId: ID.unique(), email, url: appUrl() });
      expect(token).toMatchObject({ userId: user.$id, phrase: '' });
      const secret = linkIn(await mailbox.next(email), appUrl()).searchParams.get('secret')!;
      expect(await sdk.account.createSession({ userId: user.$id, secret })).toMatchObject({ provider: 'magic-url', userId: user.$id });
    });

    it('refuses an expired link and a foreign url', async () => {
      const email = `magic${++n}@example.com`;
      const sdk = createSdkClient(s.baseUrl);
      const userId = ID.unique();
      await sdk.account.createMagicURLToken({ userId, email, url: appUrl() });
      const secret = linkIn(await mailbox.next(email), appUrl()).searchParams.get('secret')!;
      clock.advance(60 * 60_000 + 1000);
      expect(await failure(sdk.account.updateMagicURLSession({ userId, secret }))).toEqual(INVALID_TOKEN);
      expect(await failure(sdk.account.createMagicURLToken({ userId, email, url: 'https://evil.example.com/' }))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
        message: 'Invalid `url` param: URL host must be one of: 127.0.0.1',
      });
    });
  });

  describe('email code sign-in', () => {
    it('mails a 6-digit code that signs in once; a wrong code is refused', async () => {
      const email = `otp${++n}@example.com`;
      const sdk = createSdkClient(s.baseUrl);
      const userId = ID.unique();
      const token = await sdk.account.createEmailToken({ userId, email });
      expect(token).toMatchObject({ userId, secret: '', phrase: '' });
      const mail = await mailbox.next(email);
      expect(mail.subject).toBe('Lyra sign-in code');
      const code = codeIn(mail);
      const wrong = code === '000000' ? '000001' : '000000';
      expect(await failure(sdk.account.createSession({ userId, secret: wrong }))).toEqual(INVALID_TOKEN);
      const session = await sdk.account.createSession({ userId, secret: code });
      expect(session).toMatchObject({ userId, provider: 'token', factors: ['email'] });
      expect((await sdk.account.get()).emailVerification).toBe(true);
      expect(await failure(createSdkClient(s.baseUrl).account.createSession({ userId, secret: code }))).toEqual(INVALID_TOKEN);
    });

    it('refuses an expired code', async () => {
      const email = `otp${++n}@example.com`;
      const sdk = createSdkClient(s.baseUrl);
      const userId = ID.unique();
      await sdk.account.createEmailToken({ userId, email });
      const code = codeIn(await mailbox.next(email));
      clock.advance(15 * 60_000 + 1000);
      expect(await failure(sdk.account.createSession({ userId, secret: code }))).toEqual(INVALID_TOKEN);
    });

    it('stops guessing after 10 wrong codes, even with the right one', async () => {
      const email = `otp${++n}@example.com`;
      const sdk = createSdkClient(s.baseUrl);
      const userId = ID.unique();
      await sdk.account.createEmailToken({ userId, email });
      const code = codeIn(await mailbox.next(email));
      for (let i = 0; i < 10; i++) {
        const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        expect(await failure(sdk.account.createSession({ userId, secret: guess }))).toEqual(INVALID_TOKEN);
      }
      expect(await failure(sdk.account.createSession({ userId, secret: code }))).toMatchObject({
        code: 429,
        type: 'general_rate_limit_exceeded',
      });
    });

    it('a recovery or verification secret does not sign in', async () => {
      const { user, email } = await signedIn();
      const guest = createSdkClient(s.baseUrl);
      await guest.account.createRecovery({ email, url: appUrl() });
      const secret = linkIn(await mailbox.next(email), appUrl()).searchParams.get('secret')!;
      expect(await failure(guest.account.createSession({ userId: user.$id, secret }))).toEqual(INVALID_TOKEN);
    });
  });

  describe('phone', () => {
    const PHONE_DISABLED = { code: 503, type: 'general_phone_disabled', message: 'Phone provider not configured' };

    it('answers that no SMS provider is configured', async () => {
      const guest = createSdkClient(s.baseUrl);
      expect(await failure(guest.account.createPhoneToken({ userId: ID.unique(), phone: '+14155550123' }))).toEqual(PHONE_DISABLED);
      expect(await failure(guest.account.updatePhoneSession({ userId: 'u1', secret: '123456' }))).toEqual(PHONE_DISABLED);
      expect(await failure(guest.account.updatePhoneVerification({ userId: 'u1', secret: '123456' }))).toEqual(PHONE_DISABLED);
      const { sdk } = await signedIn();
      expect(await failure(sdk.account.createPhoneVerification())).toEqual(PHONE_DISABLED);
      expect(await failure(guest.account.createPhoneToken({ userId: ID.unique(), phone: '555-0123' }))).toEqual({
        code: 400,
        type: 'general_argument_invalid',
        message: "Invalid `phone` param: Phone number must start with a '+' can have a maximum of fifteen digits.",
      });
    });
  });
});

describe.each(ENGINES)('limits on mailed secrets (%s)', (engine) => {
  /** PUBLIC_URL: the app mailed links lead to. */
  const APP = 'https://music.example.org/';
  let s: TestServer;
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
    s = await startTestServer(engine, { SMTP_URL: mailbox.url, RATE_LIMITS: 'on', PUBLIC_URL: 'https://music.example.org' });
  });
  afterAll(async () => {
    await s?.close();
    await mailbox?.close();
  });

  it('allows 10 recovery mails per hour for an email, then 429 with Retry-After', async () => {
    const sdk = createSdkClient(s.baseUrl);
    const email = 'limited@example.com';
    await sdk.account.create({ userId: ID.unique(), email, password: 'password123' });
    for (let i = 0; i < 10; i++) await sdk.account.createRecovery({ email, url: APP });
    expect(await failure(sdk.account.createRecovery({ email, url: APP }))).toEqual({
      code: 429,
      type: 'general_rate_limit_exceeded',
      message: 'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
    });
    const res = await fetch(`${s.baseUrl}/v1/account/recovery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, url: APP }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mailbox.mails.filter((m) => m.to.includes(email))).toHaveLength(10);
  });

  it('with PUBLIC_URL, a forged Host cannot point a mailed link at another site', async () => {
    const forged = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${s.baseUrl}/v1/account/recovery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'evil.example.com' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ email: 'limited@example.com', url: 'http://evil.example.com/reset' }));
    });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({
      message: 'Invalid `url` param: URL host must be one of: music.example.org',
      code: 400,
      type: 'general_argument_invalid',
      version: '1.9.6',
    });
  });

  it('allows 10 magic links per hour for an email', async () => {
    const sdk = createSdkClient(s.baseUrl);
    for (let i = 0; i < 10; i++) await sdk.account.createMagicURLToken({ userId: ID.unique(), email: 'magic-limit@example.com', url: APP });
    expect(await failure(sdk.account.createMagicURLToken({ userId: ID.unique(), email: 'magic-limit@example.com', url: APP }))).toMatchObject({
      code: 429,
      type: 'general_rate_limit_exceeded',
    });
  });
});
