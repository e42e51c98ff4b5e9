import { ID } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createTestClock } from '../test/clock.js';
import { codeIn, linkIn, startMailbox, type Mailbox } from '../test/mailbox.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { expectRateLimited } from './test/rate-limited.js';

const INVALID_TOKEN = { code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.' };
const HOUR_MS = 60 * 60_000;

/**
 * Wrong guesses of mailed and generated secrets (always on, whatever
 * RATE_LIMITS says): 10 per hour, then 429 general_rate_limit_exceeded with
 * Retry-After, even for the right secret. The server trusts loopback proxies,
 * so X-Forwarded-For gives each request the client address a test wants.
 */
describe.each(ENGINES)('limits on guessing secrets (%s)', (engine) => {
  let s: TestServer;
  let mailbox: Mailbox;
  let n = 0;
  const clock = createTestClock();

  beforeAll(async () => {
    mailbox = await startMailbox();
    s = await startTestServer(engine, { SMTP_URL: mailbox.url, TRUST_PROXY: 'loopback' }, undefined, { now: clock.now });
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await s?.close();
    await mailbox?.close();
  });

  /** An SDK client whose requests come from `address` (through the trusted proxy). */
  const from = (address: string): SdkClient => {
    const sdk = createSdkClient(s.baseUrl);
    sdk.client.headers['X-Forwarded-For'] = address;
    return sdk;
  };
  /** A raw call from `address`, as the SDK makes it, with the page's cookies. */
  const call = (sdk: SdkClient, method: string, path: string, body: unknown) =>
    sdk.run(() =>
      fetch(`${s.endpoint}${path}`, {
        method,
        credentials: 'include',
        headers: { ...sdk.client.headers, 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
        body: JSON.stringify(body),
      }),
    );
  const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

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
