import { AuthenticationFactor, ID } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { codeIn, linkIn, type Mailbox } from '../test/mailbox.js';
import { rawCall as call, type SdkClient } from '../test/sdk.js';
import type { TestServer } from '../test/server.js';
import { ACCOUNT_LIMITS } from '../auth/account-limits.js';
import { expectRateLimited } from './test/rate-limited.js';
import { useMailServer } from './test/mail-server.js';

const HOUR_MS = 60 * 60_000;

/**
 * Appwrite's abuse limits on calls that mail a secret or mint one
 * (RATE_LIMITS=on): over the limit, 429 general_rate_limit_exceeded with
 * Retry-After, and nothing is mailed; an hour later (the test clock moves)
 * the call works again. The server trusts loopback proxies, so each test
 * gives its requests a client address of its own through X-Forwarded-For.
 */
describe.each(ENGINES)('limits on sending secrets (%s)', (engine) => {
  const server = useMailServer(engine, { RATE_LIMITS: 'on', TRUST_PROXY: 'loopback' });
  const { clock, from } = server;
  let s: TestServer;
  let mailbox: Mailbox;
  beforeAll(() => void ({ s, mailbox } = server.state));
  let n = 0;
  const mailsTo = (email: string) => mailbox.mails.filter((m) => m.to.includes(email)).length;

  async function signUp(address: string) {
    const email = `send${++n}@example.com`;
    const sdk = from(address);
    const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123' });
    await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return { sdk, user, email };
  }

  it('verification mails: 10 an hour per user on either path, then 429; an hour later another goes out', async () => {
    const { sdk, email } = await signUp('198.51.100.10');
    const url = `${s.baseUrl}/verify`;
    for (let i = 0; i < 10; i++) await (i % 2 ? sdk.account.createVerification({ url }) : sdk.account.createEmailVerification({ url }));
    for (const path of ['/account/verification', '/account/verifications/email']) {
      await expectRateLimited(await call(sdk, 'POST', path, { url }), HOUR_MS);
    }
    await expect.poll(() => mailsTo(email)).toBe(10);
    clock.advance(HOUR_MS + 1000);
    await sdk.account.createEmailVerification({ url });
    await expect.poll(() => mailsTo(email)).toBe(11);
  });

  it('emailed sign-in codes: 10 an hour per email, from any addresses, then 429', async () => {
    const email = `code${++n}@example.com`;
    const userId = ID.unique();
    for (let i = 0; i < 10; i++) await from(`192.0.2.${10 + i}`).account.createEmailToken({ userId, email });
    await expectRateLimited(await call(from('192.0.2.30'), 'POST', '/account/tokens/email', { userId, email }), HOUR_MS);
    // Sign-in links to the same address share the limit.
    await expectRateLimited(await call(from('192.0.2.31'), 'POST', '/account/tokens/magic-url', { userId, email, url: `${s.baseUrl}/` }), HOUR_MS);
    await expect.poll(() => mailsTo(email)).toBe(10);
    clock.advance(HOUR_MS + 1000);
    await from('192.0.2.32').account.createEmailToken({ userId, email });
  });

  it('emailed sign-in codes: 10 an hour per address, whatever the email, then 429', async () => {
    const sdk = from('192.0.2.40');
    for (let i = 0; i < 10; i++) await sdk.account.createEmailToken({ userId: ID.unique(), email: `many${i}-${++n}@example.com` });
    const last = `many-last-${++n}@example.com`;
    await expectRateLimited(await call(sdk, 'POST', '/account/tokens/email', { userId: 'unique()', email: last }), HOUR_MS);
    expect(mailsTo(last)).toBe(0);
    await from('192.0.2.41').account.createEmailToken({ userId: ID.unique(), email: last });
    await expect.poll(() => mailsTo(last)).toBe(1);
  });

  it('two-factor email codes: 10 challenges an hour per user, then 429', async () => {
    const { sdk, user, email } = await signUp('198.51.100.20');
    await sdk.account.createEmailVerification({ url: `${s.baseUrl}/verify` });
    const link = linkIn(await mailbox.next(email), s.baseUrl);
    await sdk.account.updateEmailVerification({ userId: user.$id, secret: link.searchParams.get('secret')! });
    for (let i = 0; i < 10; i++) {
      await sdk.account.createMFAChallenge({ factor: AuthenticationFactor.Email });
      expect(codeIn(await mailbox.next(email))).toMatch(/^\d{6}$/);
    }
    for (const path of ['/account/mfa/challenges', '/account/mfa/challenge']) {
      await expectRateLimited(await call(sdk, 'POST', path, { factor: 'email' }), HOUR_MS);
    }
    // Another factor is not a mail: it is not held up.
    await expect(call(sdk, 'POST', '/account/mfa/challenges', { factor: 'recoverycode' }).then((r) => r.status)).resolves.toBe(201);
    await expect.poll(() => mailsTo(email)).toBe(11);
  });

  it(`JWTs: ${ACCOUNT_LIMITS.jwt.max} an hour per user, then 429; another user is not held up`, async () => {
    const { sdk } = await signUp('198.51.100.30');
    for (let i = 0; i < ACCOUNT_LIMITS.jwt.max; i++) expect((await sdk.account.createJWT()).jwt.split('.')).toHaveLength(3);
    await expectRateLimited(await call(sdk, 'POST', '/account/jwts', {}), ACCOUNT_LIMITS.jwt.windowMs);
    const other = await signUp('198.51.100.30');
    expect((await other.sdk.account.createJWT()).jwt.split('.')).toHaveLength(3);
    clock.advance(HOUR_MS + 1000);
    expect((await sdk.account.createJWT()).jwt.split('.')).toHaveLength(3);
  });
});
