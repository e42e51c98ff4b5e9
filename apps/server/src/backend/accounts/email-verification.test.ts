import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { linkIn } from '../test/mailbox.js';
import { sdkFailure as failure } from '../test/sdk.js';
import { INVALID_TOKEN, TIME } from './test/fixtures.js';
import { useMailFlows } from './test/mail-flows.js';

/** Email verification: the mailed link to the app verifies the address once; other sites, wrong and expired secrets are refused. */
describe.each(ENGINES)('mailed secrets through the appwrite SDK and a real SMTP server (%s)', (engine) => {
  const { s, mailbox, clock, appUrl, raw, signedIn } = useMailFlows(engine);

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
});
