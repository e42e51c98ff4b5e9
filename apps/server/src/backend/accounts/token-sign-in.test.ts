import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { codeIn, linkIn } from '../test/mailbox.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { INVALID_TOKEN } from './test/fixtures.js';
import { useMailFlows } from './test/mail-flows.js';

/**
 * Signing in with a token: a mailed magic URL or 6-digit code (once, before
 * it expires, 10 wrong guesses at most), and phone tokens with no SMS provider.
 */
describe.each(ENGINES)('mailed secrets through the appwrite SDK and a real SMTP server (%s)', (engine) => {
  const { s, mailbox, clock, appUrl, signedIn } = useMailFlows(engine);
  let n = 0;

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
