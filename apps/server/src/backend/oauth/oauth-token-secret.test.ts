import { AppwriteException } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient } from '../test/sdk.js';
import { OAUTH_TOKEN_TTL_MS } from './oauth.js';
import { useOAuthFlow } from './test/oauth-flow.js';

/** The userId and secret the flow hands the app: good once, and only for OAUTH_TOKEN_TTL_MS. */
describe.each(ENGINES)('OAuth token flow against an OpenID provider on loopback (%s)', (engine) => {
  const { s, google, clock, app, oauth, signInAs } = useOAuthFlow(engine);

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
});
