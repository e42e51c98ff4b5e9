import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { linkIn } from '../test/mailbox.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { INVALID_TOKEN, postAsIs } from './test/fixtures.js';
import { useMailFlows } from './test/mail-flows.js';

/**
 * Password recovery: the mailed link sets a new password and ends the
 * sessions; expired links, unknown emails, weak passwords and foreign or
 * forged addresses are refused.
 */
describe.each(ENGINES)('mailed secrets through the appwrite SDK and a real SMTP server (%s)', (engine) => {
  const { s, mailbox, clock, appUrl, raw, signedIn } = useMailFlows(engine);

  describe('password recovery', () => {
    it('mails a link; the new password works, the old one and the link no longer do, and sessions end', async () => {
      const { sdk, user, email, n } = await signedIn();
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

    it("without PUBLIC_URL, a Host header names this server only when it is one of the server's own names", async () => {
      const { email } = await signedIn();
      const port = new URL(s.baseUrl).port;
      const withHost = (host: string, url: string) =>
        postAsIs(`${s.baseUrl}/v1/account/recovery`, { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', host }, { email, url });
      const forged = await withHost('evil.example.com', 'http://evil.example.com/reset');
      expect(forged.status).toBe(400);
      expect(JSON.parse(forged.body)).toMatchObject({
        message: 'Invalid `url` param: no URL host is allowed (set PUBLIC_URL to mail links to this server by name)',
        type: 'general_argument_invalid',
      });
      // A private-network address the server does not listen on is someone else's machine.
      const elsewhere = await withHost(`10.0.0.66:${port}`, `http://10.0.0.66:${port}/recovery`);
      expect(elsewhere.status).toBe(400);
      expect(JSON.parse(elsewhere.body)).toMatchObject({ type: 'general_argument_invalid', message: expect.stringContaining('set PUBLIC_URL') });
      const before = mailbox.mails.length;
      const own = await withHost(`127.0.0.1:${port}`, `http://127.0.0.1:${port}/recovery`);
      expect(own.status).toBe(201);
      await expect.poll(() => mailbox.mails.length).toBe(before + 1);
      const link = linkIn(mailbox.mails.at(-1)!, 'http://127.0.0.1');
      expect(`${link.origin}${link.pathname}`).toBe(`http://127.0.0.1:${port}/recovery`);
      expect(link.searchParams.get('secret')).toMatch(/^[\w-]{32,}$/);
    });
  });
});
