import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { runUsersCommand } from './admin-command.js';
import { GUEST, useServerWithUsers } from './test/fixtures.js';

/** Calls an admin route (backend-api.md §11) as `sdk`'s session; the SDK throws Appwrite's error on a refusal. */
export const adminCall = <T = Record<string, unknown>>(sdk: SdkClient, method: string, path: string, body: Record<string, unknown> = {}) =>
  sdk.client.call(method, new URL(`${sdk.endpoint}${path}`), { 'content-type': 'application/json' }, body) as Promise<T>;

const NOT_ADMIN = { code: 403, type: 'user_unauthorized', message: 'Only an administrator of this server can do this.' };
const GUEST_ADMIN = { code: 401, type: 'general_unauthorized_scope', message: 'User (role: guests) missing scopes (["admin"])' };

/** Every admin route, with a body it would accept. */
const ADMIN_ROUTES: [string, string, Record<string, unknown>][] = [
  ['get', '/admin/users', {}],
  ['patch', '/admin/users/{id}/status', { status: false }],
  ['patch', '/admin/users/{id}/admin', { admin: true }],
  ['post', '/admin/users/{id}/recovery', {}],
  ['delete', '/admin/users/{id}', {}],
  ['get', '/admin/invitations', {}],
  ['post', '/admin/invitations', { maxUses: 1 }],
  ['delete', '/admin/invitations/{id}', {}],
  ['get', '/admin/server', {}],
  ['get', '/admin/libraries', {}],
  ['put', '/admin/libraries/{id}', { everyone: true }],
];

type Listed = { $id: string; email: string; admin: boolean; labels: string[]; lastActivity: string; devices: { $id: string; clientName: string }[] };

describe.each(ENGINES)('administrators (%s)', (engine) => {
  const { s, signedIn } = useServerWithUsers(engine, 'Admin');
  /** The server's administrator: the first account, made by the first test (tests run in order). */
  let admin: SdkClient;
  let me: { $id: string };

  it('makes the first account with an email the administrator, and no other', async () => {
    // An anonymous visitor before anyone signs up does not claim the server.
    const visitor = createSdkClient(s.baseUrl);
    await visitor.account.createAnonymousSession();
    expect((await visitor.account.get()).labels).toEqual([]);
    const first = await signedIn();
    const second = await signedIn();
    expect((await first.sdk.account.get()).labels).toEqual(['admin']);
    admin = first.sdk;
    me = first.user;
    expect((await second.sdk.account.get()).labels).toEqual([]);
  });

  it('answers every admin route 403 to an account that is not an administrator, and 401 to a guest, changing nothing', async () => {
    const { sdk: member, user } = await signedIn();
    const { $id: invitationId } = await adminCall<{ $id: string }>(admin, 'post', '/admin/invitations', {});
    const guest = createSdkClient(s.baseUrl);
    for (const [method, path, body] of ADMIN_ROUTES) {
      const concrete = path.replace('{id}', path.includes('invitations') ? invitationId : user.$id);
      expect(await failure(adminCall(member, method, concrete, body)), `${method} ${path}`).toEqual(NOT_ADMIN);
      expect(await failure(adminCall(guest, method, concrete, body)), `${method} ${path}`).toEqual(GUEST_ADMIN);
      // Odd bodies and unknown ids meet the same refusal, before anything else is looked at.
      expect(await failure(adminCall(member, method, path.replace('{id}', 'nobody'), { status: 'x', maxUses: -1 })), path).toEqual(NOT_ADMIN);
    }
    expect(await failure(adminCall(member, 'get', '/admin/nothing-here'))).toEqual(NOT_ADMIN);
    expect((await member.account.get()).labels).toEqual([]);
    expect((await adminCall<{ invitations: unknown[] }>(admin, 'get', '/admin/invitations')).invitations).toHaveLength(1);
  });

  it("lists the accounts with each one's devices and last activity", async () => {
    const { user, email } = await signedIn();
    const phone = createSdkClient(s.baseUrl, { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' });
    await phone.account.createEmailPasswordSession({ email, password: 'password123' });
    const { total, users } = await adminCall<{ total: number; users: Listed[] }>(admin, 'get', '/admin/users');
    expect(total).toBe(users.length);
    const listed = users.find((u) => u.$id === user.$id)!;
    expect(listed).toMatchObject({ email, admin: false });
    expect(listed.devices).toHaveLength(2);
    expect(listed.lastActivity).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(users.filter((u) => u.admin).length).toBeGreaterThanOrEqual(1);
  });

  it('blocks an account: its sessions end and its realtime socket closes; unblocked, it signs in again', async () => {
    const { sdk: member, user, email } = await signedIn();
    const url = `${s.endpoint.replace('http:', 'ws:')}/realtime?project=lyra&channels[]=account`;
    const ws = member.run(() => new (globalThis.WebSocket as unknown as new (u: string) => WebSocket)(url));
    const socket = { frames: [] as { type: string }[], closed: null as number | null };
    ws.addEventListener('message', (m) => void socket.frames.push(JSON.parse(String(m.data)) as { type: string }));
    ws.addEventListener('close', (e) => void (socket.closed = e.code));
    await expect.poll(() => socket.frames[0]?.type, { timeout: 10_000 }).toBe('connected');

    expect(await adminCall(admin, 'patch', `/admin/users/${user.$id}/status`, { status: false })).toMatchObject({ status: false });
    expect(await failure(member.account.get())).toEqual(GUEST);
    await expect.poll(() => socket.closed, { timeout: 10_000 }).toBe(1008);
    const again = createSdkClient(s.baseUrl);
    expect(await failure(again.account.createEmailPasswordSession({ email, password: 'password123' }))).toMatchObject({ code: 403, type: 'user_blocked' });

    await adminCall(admin, 'patch', `/admin/users/${user.$id}/status`, { status: true });
    await again.account.createEmailPasswordSession({ email, password: 'password123' });
    expect(await again.account.get()).toMatchObject({ $id: user.$id, status: true });
    ws.close();
  });

  it('promotes and demotes; a demoted administrator is refused at the next call', async () => {
    const { sdk: member, user } = await signedIn();
    expect(await adminCall(admin, 'patch', `/admin/users/${user.$id}/admin`, { admin: true })).toMatchObject({ labels: ['admin'] });
    expect((await adminCall<{ users: unknown[] }>(member, 'get', '/admin/users')).users.length).toBeGreaterThan(1);
    await adminCall(admin, 'patch', `/admin/users/${user.$id}/admin`, { admin: false });
    expect(await failure(adminCall(member, 'get', '/admin/users'))).toEqual(NOT_ADMIN);
  });

  it('refuses to block, demote or delete the caller itself, and bad input, with clear errors', async () => {
    for (const [method, path, body, what] of [
      ['patch', `/admin/users/${me.$id}/status`, { status: false }, 'block'],
      ['patch', `/admin/users/${me.$id}/admin`, { admin: false }, 'demote'],
      ['delete', `/admin/users/${me.$id}`, {}, 'delete'],
    ] as const) {
      expect(await failure(adminCall(admin, method, path, body))).toEqual({
        code: 400,
        type: 'general_argument_invalid',
        message: `You cannot ${what} your own account: ask another administrator.`,
      });
    }
    expect(await failure(adminCall(admin, 'patch', '/admin/users/nobody/status', { status: false }))).toMatchObject({ code: 404, type: 'user_not_found' });
    expect(await failure(adminCall(admin, 'patch', `/admin/users/${me.$id}/status`, { status: 'no' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(adminCall(admin, 'post', '/admin/invitations', { maxUses: 0 }))).toMatchObject({
      code: 400,
      message: 'Invalid `maxUses` param: Value must be a whole number from 1 to 1000',
    });
    expect(await failure(adminCall(admin, 'post', '/admin/invitations', { hours: 1.5 }))).toMatchObject({ code: 400 });
    expect(await failure(adminCall(admin, 'delete', '/admin/invitations/nothing'))).toMatchObject({ code: 404 });
  });

  it('deletes an account with the documents it owns', async () => {
    const { sdk: member, user } = await signedIn();
    const create = (collectionId: string, data: Record<string, unknown>) =>
      member.databases.createDocument({ databaseId: 'lyra', collectionId, documentId: ID.unique(), data });
    await create('Playlist', { userId: user.$id, name: 'Mine' });
    await create('Favorite', { userId: user.$id, songId: 's1' });
    // Someone else's documents stay.
    await admin.databases.createDocument({ databaseId: 'lyra', collectionId: 'Favorite', documentId: ID.unique(), data: { userId: me.$id, songId: 's1' } });
    const owned = async () =>
      (await s.testDb.db.query<{ n: number }>(`select (select count(*) from doc_playlist where "userId" = $1) + (select count(*) from doc_favorite where "userId" = $1) as n`, [user.$id]))[0]!.n;
    expect(Number(await owned())).toBe(2);
    await adminCall(admin, 'delete', `/admin/users/${user.$id}`);
    expect(Number(await owned())).toBe(0);
    expect(await admin.databases.listDocuments({ databaseId: 'lyra', collectionId: 'Favorite' })).toMatchObject({ total: 1 });
    expect(await failure(member.account.get())).toEqual(GUEST);
    expect((await adminCall<{ users: Listed[] }>(admin, 'get', '/admin/users')).users.some((u) => u.$id === user.$id)).toBe(false);
  });

  it('shows a password-reset link that sets a new password', async () => {
    const { user, email } = await signedIn();
    const { link, mailed } = await adminCall<{ link: string; mailed: boolean }>(admin, 'post', `/admin/users/${user.$id}/recovery`, {});
    expect(mailed).toBe(false);
    const url = new URL(link);
    expect(url.pathname).toBe('/recovery');
    const guest = createSdkClient(s.baseUrl);
    await guest.account.updateRecovery({ userId: url.searchParams.get('userId')!, secret: url.searchParams.get('secret')!, password: 'another-pass-1' });
    await guest.account.createEmailPasswordSession({ email, password: 'another-pass-1' });
  });

  it('tells the server version, database engine, uptime, memory and realtime connections', async () => {
    const info = await adminCall(admin, 'get', '/admin/server');
    expect(info).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), database: engine, signUps: 'open', access: 'public' });
    expect(info.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(info.realtimeConnections).toBeGreaterThanOrEqual(0);
  });

  it('names and unnames administrators from the command line', async () => {
    const { sdk, user, email } = await signedIn();
    expect(await runUsersCommand(s.testDb.db, { action: 'promote', email }, new Date())).toEqual([`${email} is an administrator`]);
    expect((await sdk.account.get()).labels).toEqual(['admin']);
    expect((await runUsersCommand(s.testDb.db, { action: 'list' }, new Date())).some((l) => l.startsWith(`${email}\t`) && l.includes('admin'))).toBe(true);
    await runUsersCommand(s.testDb.db, { action: 'demote', email }, new Date());
    expect((await sdk.account.get()).labels).toEqual([]);
    await expect(runUsersCommand(s.testDb.db, { action: 'promote', email: 'nobody@example.com' }, new Date())).rejects.toThrow(
      'no account has the email nobody@example.com',
    );
    expect(user.$id).toBeTypeOf('string');
  });
});
