import { OAuthProvider } from 'appwrite';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Engine } from '../../../test/db.js';
import { createTestClock } from '../../test/clock.js';
import { startOidcIssuer, type OidcIssuer, type TestAccount } from '../../test/oidc-issuer.js';
import { createSdkClient, type SdkClient } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/server.js';

export const CALLBACK = '/v1/account/sessions/oauth2/callback/';

/** Where a failed flow's `error` parameter lands, parsed. */
export const errorOf = (url: URL) => JSON.parse(url.searchParams.get('error') ?? 'null') as Record<string, unknown>;

/**
 * The OAuth token flow's set-up for the tests of one `describe`: Google and a
 * generic OpenID issuer (email and name from userinfo only) on loopback, the
 * server configured with both and its time on a test clock, and browsers that
 * go through the flow. The objects are filled in before the tests run.
 */
export function useOAuthFlow(engine: Engine) {
  const google = {} as OidcIssuer;
  const strict = {} as OidcIssuer;
  const s = {} as TestServer;
  const clock = createTestClock();

  beforeAll(async () => {
    Object.assign(google, await startOidcIssuer());
    // A generic issuer that serves email and name only from its userinfo endpoint.
    Object.assign(strict, await startOidcIssuer({ clientId: 'lyra-oidc', claimsInIdToken: false }));
    Object.assign(s, await startTestServer(engine, { ...google.env('google'), ...strict.env('oidc') }, undefined, { now: clock.now }));
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    for (const started of [s, google, strict]) if ('close' in started) await started.close();
  });

  const app = (path: string) => `${s.baseUrl}${path}`;

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

  return {
    s,
    google,
    strict,
    clock,
    app,
    countUsers: async () => (await s.testDb.db.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n,
    oauth,
    signInAs,
  };
}
