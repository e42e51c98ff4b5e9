import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { useServerWithUsers } from './test/fixtures.js';

/**
 * SIGNUPS=invite: an administrator makes invitation links (one use or N, with
 * an expiry); only their holders sign up. A fresh server takes its first
 * account without one (it becomes the administrator).
 */
const REQUIRED = { code: 403, type: 'user_invitation_required', message: 'Sign-ups on this server need an invitation. Ask its owner for an invitation link.' };
const INVALID = { code: 404, type: 'user_invitation_invalid', message: "This invitation link is not valid. Ask the server's owner for a new one." };
const EXPIRED = { code: 410, type: 'user_invitation_expired', message: "This invitation has expired. Ask the server's owner for a new one." };
const USED = { code: 410, type: 'user_invitation_used', message: "This invitation has already been used. Ask the server's owner for a new one." };

type Invitation = { $id: string; link: string; maxUses: number; used: number; state: string; expire: string };

describe.each(ENGINES)('invitations (%s)', (engine) => {
  const { s, clock } = useServerWithUsers(engine, 'Invite', { SIGNUPS: 'invite' });
  let admin: SdkClient;
  let n = 0;

  const call = <T>(sdk: SdkClient, method: string, path: string, body: Record<string, unknown> = {}) =>
    sdk.client.call(method, new URL(`${s.endpoint}${path}`), { 'content-type': 'application/json' }, body) as Promise<T>;
  /** Signs up as the web app does, with the invitation read from the link (or none). */
  const signUp = (invitation?: string, email = `guest${++n}@example.com`) =>
    call<{ $id: string; email: string }>(createSdkClient(s.baseUrl), 'post', '/account', {
      userId: ID.unique(),
      email,
      password: 'password123',
      name: 'Guest',
      ...(invitation === undefined ? {} : { invitation }),
    });
  const invite = async (body: Record<string, unknown> = {}) => {
    const made = await call<Invitation>(admin, 'post', '/admin/invitations', body);
    return { ...made, secret: new URL(made.link).searchParams.get('invitation')! };
  };
  const count = async () => (await s.testDb.db.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;

  it("takes a fresh server's first account without an invitation and makes it the administrator", async () => {
    admin = createSdkClient(s.baseUrl);
    await admin.account.create({ userId: ID.unique(), email: 'owner@example.com', password: 'password123', name: 'Owner' });
    await admin.account.createEmailPasswordSession({ email: 'owner@example.com', password: 'password123' });
    expect((await admin.account.get()).labels).toEqual(['admin']);
  });

  it('refuses a sign-up without an invitation, or with a forged one, making no account', async () => {
    const before = await count();
    expect(await failure(signUp())).toEqual(REQUIRED);
    expect(await failure(signUp(''))).toEqual(REQUIRED);
    expect(await failure(signUp('not-a-real-invitation'))).toEqual(INVALID);
    expect(await count()).toBe(before);
  });

  it('makes a link to the sign-up page that signs up its holder once', async () => {
    const { link, secret, maxUses, used, state } = await invite();
    expect({ maxUses, used, state }).toEqual({ maxUses: 1, used: 0, state: 'active' });
    expect(new URL(link).pathname).toBe('/join');
    const user = await signUp(secret, 'Holder@Example.com');
    expect(user.email).toBe('holder@example.com');
    const holder = createSdkClient(s.baseUrl);
    await holder.account.createEmailPasswordSession({ email: 'holder@example.com', password: 'password123' });
    expect((await holder.account.get()).labels).toEqual([]);
    expect(await failure(signUp(secret))).toEqual(USED);
  });

  it('signs up N holders of an N-use link, then refuses; a failed sign-up does not use it up', async () => {
    const { $id, secret } = await invite({ maxUses: 2 });
    await signUp(secret, 'first@example.com');
    // An email that is taken: the sign-up fails and the use is given back.
    expect(await failure(signUp(secret, 'first@example.com'))).toMatchObject({ code: 409, type: 'user_already_exists' });
    await signUp(secret);
    expect(await failure(signUp(secret))).toEqual(USED);
    const { invitations } = await call<{ invitations: Invitation[] }>(admin, 'get', '/admin/invitations');
    expect(invitations.find((i) => i.$id === $id)).toMatchObject({ maxUses: 2, used: 2, state: 'used' });
    expect(invitations.every((i) => !('link' in i))).toBe(true);
  });

  it('refuses an expired invitation', async () => {
    const { $id, secret } = await invite({ hours: 1 });
    clock.advance(60 * 60_000 + 1);
    expect(await failure(signUp(secret))).toEqual(EXPIRED);
    const { invitations } = await call<{ invitations: Invitation[] }>(admin, 'get', '/admin/invitations');
    expect(invitations.find((i) => i.$id === $id)).toMatchObject({ used: 0, state: 'expired' });
  });

  it('lets one of two sign-ups at once use the last place of an invitation', async () => {
    const { secret } = await invite();
    const results = await Promise.allSettled([signUp(secret), signUp(secret), signUp(secret)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a deleted invitation as not valid', async () => {
    const { $id, secret } = await invite();
    await call(admin, 'delete', `/admin/invitations/${$id}`);
    expect(await failure(signUp(secret))).toEqual(INVALID);
  });

  it('makes no account by the other ways without an invitation (anonymous session, mailed sign-in for a new email)', async () => {
    const before = await count();
    const post = (path: string, body: unknown) =>
      fetch(`${s.endpoint}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' }, body: JSON.stringify(body) });
    for (const [path, body] of [
      ['/account/sessions/anonymous', {}],
      ['/account/tokens/magic-url', { userId: 'unique()', email: 'stranger@example.com' }],
      ['/account/tokens/email', { userId: 'unique()', email: 'stranger@example.com' }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject(REQUIRED);
    }
    expect(await count()).toBe(before);
  });
});
