import { ID, OAuthProvider } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createTestClock } from '../test/clock.js';
import { codeIn, linkIn, startMailbox, type Mailbox } from '../test/mailbox.js';
import { startOidcIssuer, type OidcIssuer, type TestAccount } from '../test/oidc-issuer.js';
import { createSdkClient, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * SIGNUPS=invite through the ways that make an account without a password: a
 * first sign-in through Google or another OpenID provider, and a mailed sign-in
 * link or code for a new email. The invitation of the link the visitor opened
 * goes along (`invitation`), is spent once per account made (one use or N,
 * expiry honoured), and without one no account is made; accounts that exist
 * sign in as before, spending nothing.
 */
const REQUIRED = { code: 403, type: 'user_invitation_required', message: 'Sign-ups on this server need an invitation. Ask its owner for an invitation link.' };
const INVALID = { code: 404, type: 'user_invitation_invalid', message: "This invitation link is not valid. Ask the server's owner for a new one." };
const EXPIRED = { code: 410, type: 'user_invitation_expired', message: "This invitation has expired. Ask the server's owner for a new one." };
const USED = { code: 410, type: 'user_invitation_used', message: "This invitation has already been used. Ask the server's owner for a new one." };

type Invitation = { $id: string; link: string; maxUses: number; used: number; state: string };

describe.each(ENGINES)('invitations in provider and mailed sign-ins (%s)', (engine) => {
  let s: TestServer;
  let google: OidcIssuer;
  let oidc: OidcIssuer;
  let mailbox: Mailbox;
  let admin: SdkClient;
  const clock = createTestClock();
  const app = (path: string) => `${s.baseUrl}${path}`;
  const count = async () => (await s.testDb.db.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;
  const call = <T>(sdk: SdkClient, method: string, path: string, body: Record<string, unknown> = {}) =>
    sdk.client.call(method, new URL(`${s.endpoint}${path}`), { 'content-type': 'application/json' }, body) as Promise<T>;
  const invite = async (body: Record<string, unknown> = {}) => {
    const made = await call<Invitation>(admin, 'post', '/admin/invitations', body);
    return { ...made, secret: new URL(made.link).searchParams.get('invitation')! };
  };
  const usesOf = async (id: string) =>
    (await call<{ invitations: Invitation[] }>(admin, 'get', '/admin/invitations')).invitations.find((i) => i.$id === id)!.used;

  /**
   * The web app's "Continue with Google" from an invitation: the SDK's token
   * flow URL with `invitation` added, followed through the provider back to
   * the app. Returns where the browser landed, and a signed-in SDK if it could.
   */
  async function providerSignIn(account: TestAccount, invitation?: string, provider = OAuthProvider.Google, issuer = google) {
    issuer.setLogin(account);
    const sdk = createSdkClient(s.baseUrl);
    const start = new URL(`${s.endpoint}/account/tokens/oauth2/${provider}`);
    start.searchParams.set('success', app('/callback?ok=1'));
    start.searchParams.set('failure', app('/callback'));
    start.searchParams.set('project', 'lyra');
    if (invitation !== undefined) start.searchParams.set('invitation', invitation);
    const landed = (await sdk.browser.navigate(start.toString())).url;
    const userId = landed.searchParams.get('userId');
    const secret = landed.searchParams.get('secret');
    if (userId && secret) await sdk.account.createSession({ userId, secret });
    return { landed, userId, error: JSON.parse(landed.searchParams.get('error') ?? 'null') as unknown, sdk };
  }

  /** POST /account/tokens/magic-url or /email as the web app does, with the invitation in the body. */
  const mailedSignIn = (kind: 'magic-url' | 'email', email: string, invitation?: string) =>
    fetch(`${s.endpoint}/account/tokens/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
      body: JSON.stringify({
        userId: ID.unique(),
        email,
        ...(kind === 'magic-url' ? { url: app('/callback') } : {}),
        ...(invitation === undefined ? {} : { invitation }),
      }),
    });

  beforeAll(async () => {
    google = await startOidcIssuer();
    oidc = await startOidcIssuer({ clientId: 'lyra-oidc', claimsInIdToken: false });
    mailbox = await startMailbox();
    s = await startTestServer(
      engine,
      { SIGNUPS: 'invite', SMTP_URL: mailbox.url, ...google.env('google'), ...oidc.env('oidc') },
      undefined,
      { now: clock.now },
    );
    // The fresh server's first account, its administrator.
    admin = createSdkClient(s.baseUrl);
    await admin.account.create({ userId: ID.unique(), email: 'owner@example.com', password: 'password123', name: 'Owner' });
    await admin.account.createEmailPasswordSession({ email: 'owner@example.com', password: 'password123' });
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    for (const started of [s, google, oidc, mailbox]) await started?.close();
  });

  it('refuses a first provider sign-in without an invitation, or with a forged one, and makes no account', async () => {
    const before = await count();
    const bare = await providerSignIn({ sub: 'g-none', email: 'none@example.com', email_verified: true });
    expect(bare.landed.origin + bare.landed.pathname).toBe(app('/callback'));
    expect(bare.userId).toBeNull();
    expect(bare.error).toEqual(REQUIRED);
    expect((await providerSignIn({ sub: 'g-forged', email: 'forged@example.com', email_verified: true }, 'forged')).error).toEqual(INVALID);
    expect(await count()).toBe(before);
  });

  it('makes the account of a first Google sign-in with an invitation and counts its use; the same person signs in again without one', async () => {
    const { $id, secret } = await invite();
    const first = await providerSignIn({ sub: 'g-1', email: 'grace@example.com', email_verified: true, name: 'Grace' }, secret);
    expect(first.error).toBeNull();
    expect(await first.sdk.account.get()).toMatchObject({ $id: first.userId, email: 'grace@example.com', name: 'Grace', labels: [] });
    expect(await usesOf($id)).toBe(1);

    const again = await providerSignIn({ sub: 'g-1', email: 'grace@example.com', email_verified: true, name: 'Grace' });
    expect(again.userId).toBe(first.userId);
    expect(await usesOf($id)).toBe(1);
    // The invitation is used up: another newcomer holding it is refused.
    expect((await providerSignIn({ sub: 'g-2', email: 'late@example.com', email_verified: true }, secret)).error).toEqual(USED);
  });

  it('takes N first sign-ins of an N-use invitation through a generic OpenID provider, then refuses', async () => {
    const { $id, secret } = await invite({ maxUses: 2 });
    for (const n of [1, 2]) {
      const { userId, error } = await providerSignIn({ sub: `o-${n}`, email: `oidc${n}@example.org`, email_verified: true }, secret, OAuthProvider.Oidc, oidc);
      expect(error).toBeNull();
      expect(userId).toMatch(/^[0-9a-f]{20}$/);
    }
    expect(await usesOf($id)).toBe(2);
    expect((await providerSignIn({ sub: 'o-3', email: 'oidc3@example.org', email_verified: true }, secret, OAuthProvider.Oidc, oidc)).error).toEqual(USED);
  });

  it('spends nothing when a provider sign-in with an invitation finds an existing account', async () => {
    const { $id, secret } = await invite();
    const { userId } = await providerSignIn({ sub: 'g-owner', email: 'owner@example.com', email_verified: true }, secret);
    expect(userId).toBe((await admin.account.get()).$id);
    expect(await usesOf($id)).toBe(0);
  });

  it('refuses an invitation that expired while its holder was at the provider', async () => {
    const { $id, secret } = await invite({ hours: 1 });
    clock.advance(60 * 60_000 + 1);
    expect((await providerSignIn({ sub: 'g-slow', email: 'slow@example.com', email_verified: true }, secret)).error).toEqual(EXPIRED);
    expect(await usesOf($id)).toBe(0);
  });

  it('makes the account of a mailed sign-in link or code for a new email with an invitation, which then signs in', async () => {
    const { $id, secret } = await invite({ maxUses: 2 });
    const link = await mailedSignIn('magic-url', 'Link@Example.com', secret);
    expect(link.status).toBe(201);
    const { userId } = (await link.json()) as { userId: string };
    const sdk = createSdkClient(s.baseUrl);
    const mailed = linkIn(await mailbox.next('link@example.com'), app('/callback'));
    await sdk.account.updateMagicURLSession({ userId, secret: mailed.searchParams.get('secret')! });
    expect(await sdk.account.get()).toMatchObject({ $id: userId, email: 'link@example.com', emailVerification: true });

    const code = await mailedSignIn('email', 'code@example.com', secret);
    expect(code.status).toBe(201);
    const coded = (await code.json()) as { userId: string };
    const other = createSdkClient(s.baseUrl);
    await other.account.createSession({ userId: coded.userId, secret: codeIn(await mailbox.next('code@example.com')) });
    expect(await other.account.get()).toMatchObject({ email: 'code@example.com' });
    expect(await usesOf($id)).toBe(2);

    // A second link to an account that exists spends nothing, even with a used-up invitation.
    expect((await mailedSignIn('magic-url', 'link@example.com', secret)).status).toBe(201);
    const refused = await mailedSignIn('magic-url', 'third@example.com', secret);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toMatchObject(USED);
  });

  it('refuses a mailed sign-in for a new email without an invitation, or with an expired one', async () => {
    const before = await count();
    const bare = await mailedSignIn('magic-url', 'stranger@example.com');
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject(REQUIRED);
    const { secret } = await invite({ hours: 1 });
    clock.advance(60 * 60_000 + 1);
    const expired = await mailedSignIn('email', 'stranger@example.com', secret);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject(EXPIRED);
    expect(await count()).toBe(before);
  });
});
