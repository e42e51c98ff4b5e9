import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { postAsIs, useMailbox, useTestServer } from './test/fixtures.js';

/** Limits on mailed secrets per email (RATE_LIMITS=on), and PUBLIC_URL deciding where mailed links may lead. */
describe.each(ENGINES)('limits on mailed secrets (%s)', (engine) => {
  /** PUBLIC_URL: the app mailed links lead to. */
  const APP = 'https://music.example.org/';
  const mailbox = useMailbox();
  const s = useTestServer(engine, () => ({ SMTP_URL: mailbox.url, RATE_LIMITS: 'on', PUBLIC_URL: 'https://music.example.org' }));

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
    const forged = await postAsIs(
      `${s.baseUrl}/v1/account/recovery`,
      { 'content-type': 'application/json', host: 'evil.example.com' },
      { email: 'limited@example.com', url: 'http://evil.example.com/reset' },
    );
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
