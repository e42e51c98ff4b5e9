import { AuthenticationFactor, AuthenticatorType, ID } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { codeIn, linkIn, type Mailbox } from '../test/mailbox.js';
import { rawCall as call, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import type { TestServer } from '../test/server.js';
import { expectRateLimited } from './test/rate-limited.js';
import { CHALLENGE_TTL_MS } from './mfa.routes.js';
import { totpCode } from './mfa.js';
import { useMailServer } from './test/mail-server.js';

const INVALID_TOKEN = { code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.' };
const HOUR_MS = 60 * 60_000;

/**
 * Wrong guesses of mailed and generated secrets (always on, whatever
 * RATE_LIMITS says): 10 per hour, then 429 general_rate_limit_exceeded with
 * Retry-After, even for the right secret. The server trusts loopback proxies,
 * so X-Forwarded-For gives each request the client address a test wants.
 */
describe.each(ENGINES)('limits on guessing secrets (%s)', (engine) => {
  const server = useMailServer(engine, { TRUST_PROXY: 'loopback' });
  const { clock, from } = server;
  let s: TestServer;
  let mailbox: Mailbox;
  beforeAll(() => void ({ s, mailbox } = server.state));
  let n = 0;
  const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  async function signUp(address = '192.0.2.1') {
    const email = `guess${++n}@example.com`;
    const sdk = from(address);
    const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123' });
    await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return { sdk, user, email };
  }

  describe('two-factor codes', () => {
    async function withTotp() {
      const u = await signUp();
      const { secret } = await u.sdk.account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
      await u.sdk.account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: totpCode(secret, clock.now()) });
      await u.sdk.account.updateMFA({ mfa: true });
      const device = async (address: string) => {
        const sdk = from(address);
        await sdk.account.createEmailPasswordSession({ email: u.email, password: 'password123' });
        return sdk;
      };
      return { ...u, secret, device };
    }

    it('after 10 wrong codes the user gets 429 with Retry-After, even with the right code, on any device and address', async () => {
      const { secret, device } = await withTotp();
      const first = await device('198.51.100.1');
      const challenge = await first.account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
      const right = totpCode(secret, clock.now());
      for (let i = 0; i < 10; i++) {
        expect(await failure(first.account.updateMFAChallenge({ challengeId: challenge.$id, otp: wrong(right, i) }))).toEqual(INVALID_TOKEN);
      }
      await expectRateLimited(await call(first, 'PUT', '/account/mfa/challenges', { challengeId: challenge.$id, otp: right }), HOUR_MS);

      const second = await device('198.51.100.2');
      const other = await second.account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
      await expectRateLimited(await call(second, 'PUT', '/account/mfa/challenges', { challengeId: other.$id, otp: right }), HOUR_MS);

      // An hour on, the count is gone (the challenges with it): a new challenge passes.
      clock.advance(HOUR_MS + 1000);
      const fresh = await second.account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
      const passed = await second.account.updateMFAChallenge({ challengeId: fresh.$id, otp: totpCode(secret, clock.now()) });
      expect(passed.factors).toEqual(['password', 'totp']);
    });

    it('an expired challenge is refused with user_invalid_token, even with the right code', async () => {
      const { secret, device } = await withTotp();
      const sdk = await device('198.51.100.3');
      const challenge = await sdk.account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
      clock.advance(CHALLENGE_TTL_MS + 1000);
      const res = await call(sdk, 'PUT', '/account/mfa/challenges', { challengeId: challenge.$id, otp: totpCode(secret, clock.now()) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ...INVALID_TOKEN, version: '1.9.6' });
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401, type: 'user_more_factors_required' });
      const fresh = await sdk.account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
      await sdk.account.updateMFAChallenge({ challengeId: fresh.$id, otp: totpCode(secret, clock.now()) });
      expect((await sdk.account.get()).mfa).toBe(true);
    });
  });

  describe('mailed links', () => {
    it('PUT /account/recovery: after 10 wrong secrets from an address, 429 with Retry-After there, even for the right one', async () => {
      const { user, email } = await signUp();
      const guest = from('203.0.113.10');
      await guest.account.createRecovery({ email, url: `${s.baseUrl}/recovery` });
      const secret = linkIn(await mailbox.next(email), s.baseUrl).searchParams.get('secret')!;
      for (let i = 0; i < 10; i++) {
        expect(await failure(guest.account.updateRecovery({ userId: user.$id, secret: `wrong-${i}`, password: 'new-password-1' }))).toEqual(INVALID_TOKEN);
      }
      await expectRateLimited(await call(guest, 'PUT', '/account/recovery', { userId: user.$id, secret, password: 'new-password-1' }), HOUR_MS);
      // Refused before it was checked: the link still works, and the old password until then.
      await from('203.0.113.11').account.createEmailPasswordSession({ email, password: 'password123' });
      await from('203.0.113.11').account.updateRecovery({ userId: user.$id, secret, password: 'new-password-1' });
    });

    it('PUT /account/verification: after 10 wrong secrets from an address, 429 with Retry-After there, on both paths', async () => {
      const { sdk, user, email } = await signUp('203.0.113.20');
      await sdk.account.createEmailVerification({ url: `${s.baseUrl}/verify` });
      const secret = linkIn(await mailbox.next(email), s.baseUrl).searchParams.get('secret')!;
      for (let i = 0; i < 10; i++) {
        expect(await failure(sdk.account.updateEmailVerification({ userId: user.$id, secret: `wrong-${i}` }))).toEqual(INVALID_TOKEN);
      }
      for (const path of ['/account/verification', '/account/verifications/email']) {
        await expectRateLimited(await call(sdk, 'PUT', path, { userId: user.$id, secret }), HOUR_MS);
      }
      expect((await sdk.account.get()).emailVerification).toBe(false);
      await from('203.0.113.21').account.updateEmailVerification({ userId: user.$id, secret });
      expect((await sdk.account.get()).emailVerification).toBe(true);
    });
  });

  describe('emailed sign-in codes', () => {
    it('wrong codes count per user: ten from ten addresses use up the guesses, an eleventh address gets 429', async () => {
      const email = `code${++n}@example.com`;
      const userId = ID.unique();
      await from('192.0.2.50').account.createEmailToken({ userId, email });
      const code = codeIn(await mailbox.next(email));
      for (let i = 0; i < 10; i++) {
        expect(await failure(from(`192.0.2.${60 + i}`).account.createSession({ userId, secret: wrong(code, i) }))).toEqual(INVALID_TOKEN);
      }
      const late = from('192.0.2.99');
      await expectRateLimited(await call(late, 'POST', '/account/sessions/token', { userId, secret: code }), HOUR_MS);

      // A mailed sign-in link (a long secret, not a code) is not held up.
      await late.account.createMagicURLToken({ userId: ID.unique(), email, url: `${s.baseUrl}/callback` });
      const link = linkIn(await mailbox.next(email), s.baseUrl);
      const session = await late.account.updateMagicURLSession({ userId, secret: link.searchParams.get('secret')! });
      expect(session).toMatchObject({ userId, provider: 'magic-url' });

      // An hour on, a new code signs in.
      clock.advance(HOUR_MS + 1000);
      const later = from('192.0.2.100');
      await later.account.createEmailToken({ userId, email });
      const fresh = codeIn(await mailbox.next(email));
      expect(await later.account.createSession({ userId, secret: fresh })).toMatchObject({ userId, provider: 'token' });
    });
  });
});
