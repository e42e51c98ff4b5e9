import { createHash } from 'node:crypto';
import { ID, OAuthProvider } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createTestClock } from '../test/clock.js';
import { startOidcIssuer, type OidcIssuer } from '../test/oidc-issuer.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { SESSION_DURATION_MS } from './sessions.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The secret inside a browser's session credential (base64 JSON `{id, secret}`,
 * backend-api.md §1). Over plain http the browser keeps only the legacy cookie:
 * it refuses `SameSite=None` without `secure`.
 */
function cookieSecret(sdk: SdkClient): string {
  const cookie = sdk.browser.jar.all().find((c) => c.name === 'a_session_lyra_legacy');
  expect(cookie, 'the session cookie').toBeDefined();
  return (JSON.parse(Buffer.from(cookie!.value, 'base64').toString()) as { secret: string }).secret;
}

/** What a guest gets from GET /v1/account. */
const GUEST_ERROR = { code: 401, type: 'general_unauthorized_scope', message: 'User (role: guests) missing scopes (["account"])' };

describe.each(ENGINES)('session and token secrets at rest (%s)', (engine) => {
  let google: OidcIssuer;
  let s: TestServer;
  let n = 0;
  const clock = createTestClock();

  beforeAll(async () => {
    google = await startOidcIssuer();
    s = await startTestServer(engine, google.env('google'), undefined, { now: clock.now });
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await s?.close();
    await google?.close();
  });

  /** Every row of every table, as text: a secret must appear in none of them. */
  async function wholeDatabase(): Promise<string> {
    const tables = await s.testDb.db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['sessions', 'tokens', 'users']));
    const dumps = await Promise.all(
      tables.map(async ({ name }) => {
        const rows = await s.testDb.db.query<{ row: string }>(`select to_jsonb(t)::text as row from "${name}" t`);
        return rows.map((r) => r.row).join('\n');
      }),
    );
    return dumps.join('\n');
  }

  /** The `secret_hash` column of the user's rows in `table`. */
  async function hashOf(table: 'sessions' | 'tokens', userId: string): Promise<string[]> {
    const rows = await s.testDb.db.query<{ secret_hash: string }>(`select secret_hash from ${table} where user_id = $1`, [userId]);
    return rows.map((r) => r.secret_hash);
  }

  async function emailSignIn() {
    const email = `rest${++n}@example.com`;
    const sdk = createSdkClient(s.baseUrl);
    const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123' });
    await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return { sdk, userId: user.$id, email };
  }

  /** The token flow up to the redirect back to the app: the secret is in the success URL. */
  async function oauthToken() {
    google.setLogin({ sub: `g-rest-${++n}`, email: `oauth${n}@example.com`, email_verified: true });
    const sdk = createSdkClient(s.baseUrl);
    const callback = `${s.baseUrl}/callback`;
    await sdk.account.createOAuth2Token({ provider: OAuthProvider.Google, success: callback, failure: callback });
    const landed = await sdk.browser.navigate(sdk.browser.assigned.at(-1)!);
    const userId = landed.url.searchParams.get('userId')!;
    const secret = landed.url.searchParams.get('secret')!;
    expect(secret, `landed on ${landed.url}`).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { sdk, userId, secret };
  }

  it('stores only the hash of an email session\'s secret', async () => {
    const { sdk, userId } = await emailSignIn();
    const secret = cookieSecret(sdk);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await wholeDatabase()).not.toContain(secret);
    expect(await hashOf('sessions', userId)).toEqual([sha256(secret)]);
  });

  it('stores only the hash of an OAuth token\'s secret, and of the session it becomes', async () => {
    const { sdk, userId, secret } = await oauthToken();
    expect(await wholeDatabase()).not.toContain(secret);
    expect(await hashOf('tokens', userId)).toEqual([sha256(secret)]);

    await sdk.account.createSession({ userId, secret });
    const sessionSecret = cookieSecret(sdk);
    expect(sessionSecret).not.toBe(secret);
    const dump = await wholeDatabase();
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(sessionSecret);
    expect(await hashOf('tokens', userId)).toEqual([]);
    expect(await hashOf('sessions', userId)).toEqual([sha256(sessionSecret)]);
  });

  it('keeps a session for its full year and treats it as a guest once it has passed', async () => {
    const { sdk, userId } = await emailSignIn();
    clock.advance(SESSION_DURATION_MS - 60_000);
    expect(await sdk.account.get()).toMatchObject({ $id: userId });
    clock.advance(60_000 + 1);
    // The browser still sends the cookie (it expires by the browser's clock); the server no longer honours it.
    expect(sdk.browser.jar.all().map((c) => c.name)).toContain('a_session_lyra_legacy');
    expect(await failure(sdk.account.get())).toEqual(GUEST_ERROR);
    expect(await failure(sdk.account.listSessions())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
  });

  it('treats an expired OAuth session as a guest too', async () => {
    const { sdk, userId, secret } = await oauthToken();
    await sdk.account.createSession({ userId, secret });
    expect(await sdk.account.get()).toMatchObject({ $id: userId });
    clock.advance(SESSION_DURATION_MS + 1);
    expect(await failure(sdk.account.get())).toEqual(GUEST_ERROR);
  });

  it('lets the holder of an expired session sign in again (it does not count as signed in)', async () => {
    const { sdk, userId, email } = await emailSignIn();
    clock.advance(SESSION_DURATION_MS + 1);
    const session = await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    expect(session).toMatchObject({ userId, current: true });
    expect(await sdk.account.get()).toMatchObject({ $id: userId });
    // The expired session was dropped when the new one was issued.
    expect(await hashOf('sessions', userId)).toEqual([sha256(cookieSecret(sdk))]);
  });
});
