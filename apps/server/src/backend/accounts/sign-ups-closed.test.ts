import { ID, OAuthProvider } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { hashPassword } from '../auth/password.js';
import { startOidcIssuer, type OidcIssuer } from '../test/oidc-issuer.js';
import { createSdkClient, sdkFailure } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { usersStore } from './users.store.js';

/**
 * SIGNUPS=closed: no way of making an account works (sign-up, a first sign-in
 * through a provider, a mailed sign-in for an unknown email, an anonymous
 * session); each answers Appwrite's error for a project that takes no more
 * users, and the accounts that exist sign in as before.
 */
const CLOSED = { code: 501, type: 'user_count_exceeded', message: 'Sign-ups are closed on this server. Ask its owner for an account.' };
const PASSWORD = 'password123';

describe.each(ENGINES)('closed sign-ups (%s)', (engine) => {
  let s: TestServer;
  let google: OidcIssuer;
  const app = (path: string) => `${s.baseUrl}${path}`;
  const countUsers = async () => (await s.testDb.db.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;
  const post = (path: string, body: unknown) =>
    fetch(app(path), { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    google = await startOidcIssuer();
    s = await startTestServer(engine, { SIGNUPS: 'closed', ...google.env('google') });
    // The owner's accounts, made while sign-ups were open.
    const users = usersStore(s.testDb.db);
    for (const [id, email] of [['ada', 'ada@example.com'], ['grace', 'grace@example.com']]) {
      await users.insert({ id: id!, email: email!, name: id!, passwordHash: await hashPassword(PASSWORD), emailVerification: true, at: new Date() });
    }
  });
  afterAll(async () => {
    await s?.close();
    await google?.close();
  });

  it('refuses a sign-up with user_count_exceeded and makes no account', async () => {
    const before = await countUsers();
    const sdk = createSdkClient(s.baseUrl);
    expect(await sdkFailure(sdk.account.create({ userId: ID.unique(), email: 'new@example.com', password: PASSWORD, name: 'New' }))).toEqual(CLOSED);
    expect(await countUsers()).toBe(before);
  });

  it('still signs an existing account in with its password', async () => {
    const sdk = createSdkClient(s.baseUrl);
    await sdk.account.createEmailPasswordSession({ email: 'ada@example.com', password: PASSWORD });
    expect(await sdk.account.get()).toMatchObject({ $id: 'ada', email: 'ada@example.com' });
  });

  it('mails a sign-in link or code to an existing account only', async () => {
    const before = await countUsers();
    for (const path of ['/v1/account/tokens/magic-url', '/v1/account/tokens/email']) {
      const unknown = await post(path, { userId: 'unique()', email: 'stranger@example.com' });
      expect(unknown.status, path).toBe(501);
      expect(await unknown.json(), path).toMatchObject(CLOSED);
      const known = await post(path, { userId: 'unique()', email: 'ada@example.com' });
      expect(known.status, path).toBe(201);
      expect(((await known.json()) as { userId: string }).userId, path).toBe('ada');
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses an anonymous session, which would make an account', async () => {
    const before = await countUsers();
    const res = await post('/v1/account/sessions/anonymous', {});
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject(CLOSED);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await countUsers()).toBe(before);
  });

  it("sends a provider's new person to the failure URL with the error, and signs a known verified email in", async () => {
    const before = await countUsers();
    const oauth = async () => {
      const sdk = createSdkClient(s.baseUrl);
      await sdk.account.createOAuth2Token({ provider: OAuthProvider.Google, success: app('/callback?ok=1'), failure: app('/callback') });
      return { sdk, landed: await sdk.browser.navigate(sdk.browser.assigned.at(-1)!) };
    };
    google.setLogin({ sub: 'g-new', email: 'newcomer@example.com', email_verified: true, name: 'Newcomer' });
    const refused = (await oauth()).landed.url;
    expect(refused.origin + refused.pathname).toBe(app('/callback'));
    expect(refused.searchParams.has('secret')).toBe(false);
    expect(JSON.parse(refused.searchParams.get('error') ?? 'null')).toEqual(CLOSED);
    expect(await countUsers()).toBe(before);

    google.setLogin({ sub: 'g-grace', email: 'grace@example.com', email_verified: true, name: 'Grace' });
    const { sdk, landed } = await oauth();
    const userId = landed.url.searchParams.get('userId');
    expect(userId).toBe('grace');
    await sdk.account.createSession({ userId: userId!, secret: landed.url.searchParams.get('secret')! });
    expect(await sdk.account.get()).toMatchObject({ $id: 'grace' });
    expect(await countUsers()).toBe(before);
  });
});
