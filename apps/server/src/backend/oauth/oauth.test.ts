import { AppwriteException, ID, OAuthProvider } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createTestClock } from '../test/clock.js';
import { startOidcIssuer, type OidcIssuer, type TestAccount } from '../test/oidc-issuer.js';
import { createSdkClient, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { OAUTH_TOKEN_TTL_MS } from './oauth.js';

const CALLBACK = '/v1/account/sessions/oauth2/callback/';

describe.each(ENGINES)('OAuth token flow against an OpenID provider on loopback (%s)', (engine) => {
  let google: OidcIssuer;
  let strict: OidcIssuer;
  let s: TestServer;
  const clock = createTestClock();

  beforeAll(async () => {
    google = await startOidcIssuer();
    // A generic issuer that serves email and name only from its userinfo endpoint.
    strict = await startOidcIssuer({ clientId: 'lyra-oidc', claimsInIdToken: false });
    s = await startTestServer(engine, { ...google.env('google'), ...strict.env('oidc') }, undefined, { now: clock.now });
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await s?.close();
    await google?.close();
    await strict?.close();
  });

  const app = (path: string) => `${s.baseUrl}${path}`;
  const countUsers = async () => (await s.testDb.db.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;

  /** The SDK sends the page to the provider; the browser follows redirects back to the app. */
  async function oauth(sdk: SdkClient, provider = OAuthProvider.Google, opts: { success?: string; failure?: string } = {}) {
    await sdk.account.createOAuth2Token({
      provider,
      success: opts.success ?? app('/callback?from=google'),
      failure: opts.failure ?? app('/callback'),
    });
    const start = sdk.browser.assigned.at(-1)!;
    return sdk.browser.navigate(start);
  }

  async function signInAs(account: TestAccount, provider = OAuthProvider.Google, issuer = google) {
    issuer.setLogin(account);
    const sdk = createSdkClient(s.baseUrl);
    const landed = await oauth(sdk, provider);
    const userId = landed.url.searchParams.get('userId');
    const secret = landed.url.searchParams.get('secret');
    expect(userId, `landed on ${landed.url}`).toMatch(/^[0-9a-f]{20}$/);
    expect(secret, `landed on ${landed.url}`).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await sdk.account.createSession({ userId: userId!, secret: secret! });
    return { sdk, landed, session, userId: userId!, secret: secret! };
  }

  const errorOf = (url: URL) => JSON.parse(url.searchParams.get('error') ?? 'null') as Record<string, unknown>;

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

  it('accepts the secret once: a replay is 401 user_invalid_token', async () => {
    const { userId, secret } = await signInAs({ sub: 'g-3', email: 'r@example.com', email_verified: true });
    const other = createSdkClient(s.baseUrl);
    const err = await other.account.createSession({ userId, secret }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppwriteException);
    expect(err).toMatchObject({ code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.' });
  });

  it('refuses an expired secret with 401 user_invalid_token and deletes it', async () => {
    google.setLogin({ sub: 'g-late', email: 'late@example.com', email_verified: true });
    const landed = await oauth(createSdkClient(s.baseUrl));
    const userId = landed.url.searchParams.get('userId')!;
    const secret = landed.url.searchParams.get('secret')!;
    expect(secret, `landed on ${landed.url}`).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const tokens = async () =>
      (await s.testDb.db.query<{ n: number }>('select count(*)::int as n from tokens where user_id = $1', [userId]))[0]!.n;
    expect(await tokens()).toBe(1);

    // The app's clock passes the token's lifetime (5 minutes) with nothing else changed.
    clock.advance(OAUTH_TOKEN_TTL_MS + 1);
    const res = await fetch(app('/v1/account/sessions/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
      body: JSON.stringify({ userId, secret }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.json()).toEqual({
      message: 'Invalid token passed in the request.',
      code: 401,
      type: 'user_invalid_token',
      version: '1.9.6',
    });
    expect(await tokens()).toBe(0);

    // The SDK surfaces the same error, and going back in time does not revive the token.
    clock.reset();
    const err = await createSdkClient(s.baseUrl).account.createSession({ userId, secret }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppwriteException);
    expect(err).toMatchObject({ code: 401, type: 'user_invalid_token' });
  });

  it('still accepts the secret shortly before it expires', async () => {
    google.setLogin({ sub: 'g-prompt', email: 'prompt@example.com', email_verified: true });
    const sdk = createSdkClient(s.baseUrl);
    const landed = await oauth(sdk);
    clock.advance(OAUTH_TOKEN_TTL_MS - 30_000);
    const session = await sdk.account.createSession({
      userId: landed.url.searchParams.get('userId')!,
      secret: landed.url.searchParams.get('secret')!,
    });
    expect(session).toMatchObject({ provider: 'google', providerUid: 'g-prompt' });
  });

  it('sends the user to the failure URL when they cancel at the provider', async () => {
    google.setLogin('deny');
    const landed = await oauth(createSdkClient(s.baseUrl));
    expect(landed.url.origin + landed.url.pathname).toBe(app('/callback'));
    expect(landed.url.searchParams.has('secret')).toBe(false);
    const error = errorOf(landed.url);
    expect(error).toMatchObject({ type: 'user_oauth2_provider_error', code: 424 });
    expect(error.message).toContain('access_denied');
  });

  it('refuses a tampered state and never redeems its code', async () => {
    google.setLogin({ sub: 'g-4', email: 't@example.com', email_verified: true });
    const sdk = createSdkClient(s.baseUrl);
    await sdk.account.createOAuth2Token({ provider: OAuthProvider.Google, success: app('/ok'), failure: app('/callback') });
    const atCallback = await sdk.browser.navigate(sdk.browser.assigned.at(-1)!, { until: (u) => u.pathname.startsWith(CALLBACK) });
    const tampered = new URL(atCallback.url);
    tampered.searchParams.set('state', tampered.searchParams.get('state')!.slice(0, -2) + 'xx');
    const landed = await sdk.browser.navigate(tampered);
    expect(landed.url.pathname).toBe('/callback');
    expect(errorOf(landed.url)).toMatchObject({ type: 'user_oauth2_provider_error', code: 424 });
    expect(String(errorOf(landed.url).message)).toContain('Invalid OAuth state');
    // The original (untampered) response is now useless too: the flow was consumed.
    const replay = await sdk.browser.navigate(atCallback.url);
    expect(replay.status).toBe(400);
    expect(JSON.parse(replay.body)).toMatchObject({ type: 'general_argument_invalid', code: 400 });
  });

  it('refuses a callback from another browser (state not bound to it)', async () => {
    google.setLogin({ sub: 'g-5', email: 'csrf@example.com', email_verified: true });
    const attacker = createSdkClient(s.baseUrl);
    await attacker.account.createOAuth2Token({ provider: OAuthProvider.Google, success: app('/ok'), failure: app('/callback') });
    const atCallback = await attacker.browser.navigate(attacker.browser.assigned.at(-1)!, {
      until: (u) => u.pathname.startsWith(CALLBACK),
    });
    const victim = createSdkClient(s.baseUrl);
    const landed = await victim.browser.navigate(atCallback.url);
    expect(landed.url.pathname).toBe('/callback');
    expect(landed.url.searchParams.has('secret')).toBe(false);
    expect(String(errorOf(landed.url).message)).toContain('Invalid OAuth state');
  });

  it('refuses an expired state', async () => {
    google.setLogin({ sub: 'g-6', email: 'slow@example.com', email_verified: true });
    const sdk = createSdkClient(s.baseUrl);
    await sdk.account.createOAuth2Token({ provider: OAuthProvider.Google, success: app('/ok'), failure: app('/callback') });
    const atCallback = await sdk.browser.navigate(sdk.browser.assigned.at(-1)!, { until: (u) => u.pathname.startsWith(CALLBACK) });
    await s.testDb.db.query("update oauth_states set expire = now() - interval '1 second'");
    const landed = await sdk.browser.navigate(atCallback.url);
    expect(errorOf(landed.url)).toMatchObject({ type: 'user_oauth2_provider_error', code: 424 });
    expect(String(errorOf(landed.url).message)).toContain('took too long');
  });

  it.each(['success', 'failure'] as const)('refuses a foreign %s URL with 400 (no open redirect)', async (kind) => {
    const url = new URL(app('/v1/account/tokens/oauth2/google'));
    url.searchParams.set(kind, 'https://evil.example/steal');
    url.searchParams.set('project', 'lyra');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.json()).toMatchObject({
      code: 400,
      type: `project_invalid_${kind}_url`,
      message: `Invalid redirect URL for OAuth ${kind}.`,
    });
  });

  it('answers 412 project_provider_disabled for a provider that is not configured', async () => {
    const res = await fetch(app('/v1/account/tokens/oauth2/github?project=lyra'), { redirect: 'manual' });
    expect(res.status).toBe(412);
    expect(await res.json()).toMatchObject({ code: 412, type: 'project_provider_disabled' });
  });

  it('passes extra scopes on and refuses malformed ones', async () => {
    google.setLogin({ sub: 'g-7', email: 's@example.com', email_verified: true });
    const sdk = createSdkClient(s.baseUrl);
    await sdk.account.createOAuth2Token({ provider: OAuthProvider.Google, success: app('/ok'), scopes: ['email', 'offline_access'] });
    const start = new URL(sdk.browser.assigned.at(-1)!);
    expect(start.searchParams.get('scopes[0]')).toBe('email');
    const res = await fetch(start, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('scope')).toBe('openid email profile offline_access');
    expect(res.headers.get('cache-control')).toContain('no-store');

    const bad = await fetch(app('/v1/account/tokens/oauth2/google?scopes[0]=a%20b&project=lyra'), { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: 'general_argument_invalid' });
  });

  it('answers an unknown state with 400 and a foreign project with 404', async () => {
    const unknown = await fetch(app(`${CALLBACK}google/lyra?code=x&state=nope`), { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ type: 'general_argument_invalid', code: 400 });
    const foreign = await fetch(app(`${CALLBACK}google/other?code=x&state=nope`), { redirect: 'manual' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ type: 'project_not_found' });
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

describe.each(ENGINES)('OAuth with an issuer that cannot be used (%s)', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine, {
      // Nothing listens on port 1; a plain-http issuer off loopback is refused without a request.
      OIDC_ISSUER: 'http://127.0.0.1:1',
      OIDC_CLIENT_ID: 'x',
      GOOGLE_CLIENT_ID: 'x',
      GOOGLE_CLIENT_SECRET: 'y',
      GOOGLE_ISSUER: 'http://accounts.example.invalid',
    });
  });
  afterAll(async () => s?.close());

  it.each([
    ['oidc', 'Could not reach the sign-in provider (127.0.0.1:1)'],
    ['google', 'must use https (plain http is allowed only on loopback)'],
  ])('sends %s sign-ins to the failure URL with a clear error', async (provider, message) => {
    const url = `${s.baseUrl}/v1/account/tokens/oauth2/${provider}?failure=${encodeURIComponent(s.baseUrl + '/callback')}&project=lyra`;
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${s.baseUrl}/callback`);
    const error = JSON.parse(location.searchParams.get('error')!) as Record<string, unknown>;
    expect(error).toMatchObject({ type: 'user_oauth2_provider_error', code: 424 });
    expect(error.message).toContain(message);
  });
});
