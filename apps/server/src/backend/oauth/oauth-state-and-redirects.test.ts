import { OAuthProvider } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { CALLBACK, errorOf, useOAuthFlow } from './test/oauth-flow.js';

/**
 * Flows that must not sign anyone in: a cancel at the provider, a tampered,
 * foreign or expired state, redirect URLs to other sites, providers not
 * configured or not reachable, malformed scopes.
 */
describe.each(ENGINES)('OAuth token flow against an OpenID provider on loopback (%s)', (engine) => {
  const { s, google, app, oauth } = useOAuthFlow(engine);

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
