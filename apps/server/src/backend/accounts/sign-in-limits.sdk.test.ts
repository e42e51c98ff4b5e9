import { ID } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { LOGIN_LIMIT } from '../auth/login-limiter.js';
import { linkIn, type Mailbox } from '../test/mailbox.js';
import type { TestServer } from '../test/server.js';
import { expectRateLimited } from './test/rate-limited.js';
import { useMailServer } from './test/mail-server.js';

const HOUR_MS = 60 * 60_000;

/**
 * Wrong passwords sent at once are counted before any is checked: 10 an hour
 * per (account, address), 50 an hour per account from every address. A
 * stranger's guesses do not lock the owner out of another address, and an
 * emailed sign-in link is never held up by them. The server trusts loopback
 * proxies, so X-Forwarded-For gives each request the client address a test wants.
 */
describe.each(ENGINES)('sign-in limits on guesses sent at once (%s)', (engine) => {
  const server = useMailServer(engine, { TRUST_PROXY: 'loopback' });
  const { clock, from } = server;
  let s: TestServer;
  let mailbox: Mailbox;
  beforeAll(() => void ({ s, mailbox } = server.state));
  let n = 0;
  const signIn = (email: string, password: string, address: string) =>
    fetch(`${s.endpoint}/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });
  /** Wrong passwords sent all at once from `address(i)`: the answers, 401s (checked) and 429s (refused unchecked). */
  const guesses = async (email: string, count: number, address: (i: number) => string) => {
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => signIn(email, `wrong-guess-${i}`, address(i))));
    const statuses = answers.map((r) => r.status);
    return { answers, checked: statuses.filter((x) => x === 401).length, refused: statuses.filter((x) => x === 429).length };
  };
  const owner = async () => {
    const email = `owner${++n}@example.com`;
    const user = await from('192.0.2.1').account.create({ userId: ID.unique(), email, password: 'password123' });
    return { email, userId: user.$id };
  };

  it('100 wrong passwords at once from one address: 10 are checked, 90 get 429 with Retry-After; the owner signs in from another', async () => {
    const { email, userId } = await owner();
    const burst = await guesses(email, 100, () => '203.0.113.5');
    expect([burst.checked, burst.refused]).toEqual([LOGIN_LIMIT.max, 100 - LOGIN_LIMIT.max]);
    await expectRateLimited(burst.answers.find((r) => r.status === 429)!, HOUR_MS);
    await expectRateLimited(await signIn(email, 'password123', '203.0.113.5'), HOUR_MS);

    const session = await from('198.51.100.7').account.createEmailPasswordSession({ email, password: 'password123' });
    expect(session).toMatchObject({ userId, provider: 'email', ip: '198.51.100.7' });
  });

  it('wrong passwords at once from 60 addresses: 50 are checked, then the account is closed to passwords for an hour; a mailed link still signs in', async () => {
    const { email, userId } = await owner();
    const burst = await guesses(email, 60, (i) => `203.0.113.${100 + i}`);
    expect([burst.checked, burst.refused]).toEqual([LOGIN_LIMIT.account.max, 60 - LOGIN_LIMIT.account.max]);
    await expectRateLimited(await signIn(email, 'password123', '198.51.100.8'), HOUR_MS);

    const late = from('198.51.100.8');
    await late.account.createMagicURLToken({ userId, email, url: `${s.baseUrl}/callback` });
    const link = linkIn(await mailbox.next(email), s.baseUrl);
    expect(await late.account.updateMagicURLSession({ userId, secret: link.searchParams.get('secret')! })).toMatchObject({
      userId,
      provider: 'magic-url',
    });

    clock.advance(HOUR_MS + 1000);
    expect((await signIn(email, 'password123', '198.51.100.9')).status).toBe(201);
  });

  it('a right password is not counted: the owner signing in often from one address is never refused', async () => {
    const { email } = await owner();
    for (let i = 0; i < 2 * LOGIN_LIMIT.max; i++) expect((await signIn(email, 'password123', '192.0.2.9')).status).toBe(201);
    expect((await guesses(email, 2, () => '192.0.2.9')).checked).toBe(2);
  });
});
