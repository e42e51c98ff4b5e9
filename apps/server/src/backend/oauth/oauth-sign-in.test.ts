import { ID, OAuthProvider } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient } from '../test/sdk.js';
import { CALLBACK, errorOf, useOAuthFlow } from './test/oauth-flow.js';

/**
 * Signing in through an OpenID provider: a new user (state, PKCE, nonce), the
 * same user again by identity, linking to an email/password user only with a
 * verified email, a generic issuer's userinfo, and the cookie flow.
 */
describe.each(ENGINES)('OAuth token flow against an OpenID provider on loopback (%s)', (engine) => {
  const { s, google, strict, app, countUsers, oauth, signInAs } = useOAuthFlow(engine);

  it('signs a new user in: redirect with state, PKCE S256 and nonce, then userId + secret on the success URL', async () => {
    const before = await countUsers();
    const { sdk, landed, session, userId } = await signInAs({
      sub: 'g-1', email: 'Grace@Example.com', email_verified: true, name: 'Grace Hopper',
    });
    const auth = google.authorizations.at(-1)!;
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get('state')).not.toBe(auth.searchParams.get('nonce'));
    expect(auth.searchParams.get('scope')).toBe('openid email profile');
    expect(auth.searchParams.get('redirect_uri')).toBe(app(`${CALLBACK}google/lyra`));

    // The app's own query is kept; secret and userId are appended in that order.
    expect(landed.url.origin + landed.url.pathname).toBe(app('/callback'));
    expect([...landed.url.searchParams.keys()]).toEqual(['from', 'secret', 'userId']);
    expect(landed.url.searchParams.get('from')).toBe('google');

    expect(session).toMatchObject({ userId, provider: 'google', providerUid: 'g-1', current: true, secret: '' });
    const me = await sdk.account.get();
    expect(me).toMatchObject({ $id: userId, email: 'grace@example.com', name: 'Grace Hopper', emailVerification: true });
    expect(await countUsers()).toBe(before + 1);
    const ids = await sdk.account.listIdentities();
    expect(ids.identities).toMatchObject([{ provider: 'google', providerUid: 'g-1', providerEmail: 'grace@example.com' }]);
  });

  it('finds the same user by identity on a second sign-in', async () => {
    const first = await signInAs({ sub: 'g-2', email: 'lin@example.com', email_verified: true, name: 'Lin' });
    const before = await countUsers();
    // The provider now reports another email: the identity, not the email, decides.
    const second = await signInAs({ sub: 'g-2', email: 'lin.new@example.com', email_verified: true, name: 'Lin' });
    expect(second.userId).toBe(first.userId);
    expect(await countUsers()).toBe(before);
  });

  it('links a verified email to an existing email/password user', async () => {
    const ada = createSdkClient(s.baseUrl);
    const user = await ada.account.create({ userId: ID.unique(), email: 'ada@example.com', password: 'password123', name: 'Ada' });
    expect(user.emailVerification).toBe(false);
    const { sdk, userId } = await signInAs({ sub: 'g-ada', email: 'ADA@example.com', email_verified: true, name: 'A. L.' });
    expect(userId).toBe(user.$id);
    expect(await sdk.account.get()).toMatchObject({ $id: user.$id, name: 'Ada', emailVerification: true });
    // The password still works.
    await expect(ada.account.createEmailPasswordSession({ email: 'ada@example.com', password: 'password123' })).resolves.toMatchObject({
      userId: user.$id,
      provider: 'email',
    });
  });

  it('refuses to link an email the provider has not verified', async () => {
    const bob = createSdkClient(s.baseUrl);
    await bob.account.create({ userId: ID.unique(), email: 'bob@example.com', password: 'password123' });
    const before = await countUsers();
    google.setLogin({ sub: 'g-bob', email: 'bob@example.com', email_verified: false, name: 'Mallory' });
    const landed = await oauth(createSdkClient(s.baseUrl));
    expect(landed.url.origin + landed.url.pathname).toBe(app('/callback'));
    expect(landed.url.searchParams.has('secret')).toBe(false);
    expect(errorOf(landed.url)).toMatchObject({ type: 'user_already_exists', code: 409 });
    expect(await countUsers()).toBe(before);
  });

  it('reads email and name from userinfo when the ID token lacks them (generic OIDC issuer)', async () => {
    const { sdk, session } = await signInAs(
      { sub: 'o-1', email: 'kay@example.org', email_verified: true, name: 'Kay' },
      OAuthProvider.Oidc,
      strict,
    );
    expect(session.provider).toBe('oidc');
    expect(await sdk.account.get()).toMatchObject({ email: 'kay@example.org', name: 'Kay', emailVerification: true });
  });

  it('sets the session cookies itself in the cookie flow (createOAuth2Session)', async () => {
    google.setLogin({ sub: 'g-8', email: 'cookie@example.com', email_verified: true });
    const sdk = createSdkClient(s.baseUrl);
    await sdk.account.createOAuth2Session({ provider: OAuthProvider.Google, success: app('/home'), failure: app('/callback') });
    const landed = await sdk.browser.navigate(sdk.browser.assigned.at(-1)!);
    expect(landed.url.toString()).toBe(app('/home'));
    expect(sdk.browser.jar.all().map((c) => c.name)).toContain('a_session_lyra_legacy');
    expect(await sdk.account.get()).toMatchObject({ email: 'cookie@example.com' });
  });
});
