import { describe, expect, it } from 'vitest';
import { hashPassword, usersStore } from '../backend/module.js';
import { ENGINES } from '../test/db.js';
import { issueCredentials } from './credentials.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';
import { checks } from './test/checks.js';
import { client, EMAIL, type Client } from './test/harness.js';
import { list, obj, useLibraryApi } from './test/library-api.js';

/**
 * Subsonic API: users. The backend's administrators have `adminRole` and may
 * list, create, change and delete users and start scans; everyone reads their
 * own user. Answers are checked against the OpenSubsonic schemas.
 */
describe.each(ENGINES)('subsonic users (%s)', (engine) => {
  const { state, both, failure } = useLibraryApi(engine);
  let member: Client | null = null;
  const memberEmail = `member-${engine}@example.org`;

  /** The harness's account is made an administrator; a second account is not one. */
  const setUp = async (): Promise<Client> => {
    if (member) return member;
    const db = state.h.t.testDb.db;
    await db.query(`update users set labels = array['admin'] where id = $1`, [state.h.userId]);
    await usersStore(db).insert({ id: `u-member-${engine}`, email: memberEmail, name: 'Member', passwordHash: await hashPassword('member password'), emailVerification: true, at: new Date() });
    const creds = await issueCredentials(db, secretBox(await loadOrCreateKey(state.h.t.dataDir)), memberEmail, { rotate: false, now: new Date() });
    return (member = client(state.h.t, { u: memberEmail, p: creds.password }));
  };
  const users = async () => list(obj((await both('getUsers')).json.users).user);

  it('maps the administrator to adminRole in getUser and getUsers', async () => {
    const m = await setUp();
    expect(obj((await both('getUser', { username: EMAIL })).json.user)).toMatchObject({ username: EMAIL, adminRole: true, streamRole: true, downloadRole: true, playlistRole: true });
    expect(obj((await both('getUser', { username: memberEmail })).json.user)).toMatchObject({ username: memberEmail, adminRole: false });
    expect((await users()).map((u) => [u.username, u.adminRole])).toEqual(expect.arrayContaining([[EMAIL, true], [memberEmail, false]]));
    // A member reads itself only.
    expect(obj((await checks(m).both('getUser', { username: memberEmail.toUpperCase() })).json.user)).toMatchObject({ adminRole: false });
    await failure('getUser', { username: EMAIL }, 50, m);
  });

  it('refuses every admin call to an account that is not an administrator (50), changing nothing', async () => {
    const m = await setUp();
    await failure('getUsers', {}, 50, m);
    await failure('createUser', { username: 'X', email: 'x@example.org', password: 'long enough' }, 50, m);
    await failure('updateUser', { username: EMAIL, password: 'long enough', adminRole: 'false' }, 50, m);
    await failure('deleteUser', { username: EMAIL }, 50, m);
    await failure('startScan', {}, 50, m);
    expect(obj((await both('getUser', { username: EMAIL })).json.user).adminRole).toBe(true);
  });

  it('creates a user who then signs in, promotes and demotes it, changes its password, and deletes it', async () => {
    await setUp();
    const { once, xmlOk } = checks(state.api);
    const email = `new-${engine}@example.org`;
    await once('createUser', { username: 'New Listener', email, password: `enc:${Buffer.from('first password').toString('hex')}` });
    const created = client(state.h.t, { u: email, p: 'first password' });
    expect(obj((await checks(created).both('getUser', { username: email })).json.user)).toMatchObject({ username: email, adminRole: false });
    await xmlOk('updateUser', { username: email, password: 'first password', adminRole: 'true' });
    expect(obj((await both('getUser', { username: email })).json.user).adminRole).toBe(true);
    await once('updateUser', { username: email, password: 'second password', adminRole: 'false' });
    await failure('getUser', { username: email }, 40, created);
    const again = client(state.h.t, { u: email, p: 'second password' });
    expect(obj((await checks(again).both('getUser', { username: email })).json.user).adminRole).toBe(false);
    await once('deleteUser', { username: email });
    expect((await users()).some((u) => u.username === email)).toBe(false);
    await failure('getUser', { username: email }, 40, again);
  });

  it('answers bad input with the protocol codes', async () => {
    await setUp();
    await failure('createUser', { email: 'a@example.org', password: 'long enough' }, 10);
    await failure('createUser', { username: 'A', password: 'long enough' }, 10);
    await failure('createUser', { username: 'A', email: 'a@example.org' }, 10);
    await failure('createUser', { username: 'A', email: 'not an email', password: 'long enough' }, 0);
    await failure('createUser', { username: 'A', email: 'a@example.org', password: 'short' }, 0);
    await failure('createUser', { username: 'A', email: memberEmail, password: 'long enough' }, 0);
    await failure('getUser', { username: 'nobody@example.org' }, 70);
    await failure('updateUser', { username: 'nobody@example.org', password: 'long enough' }, 70);
    await failure('deleteUser', { username: 'nobody@example.org' }, 70);
    await failure('deleteUser', {}, 10);
    // An administrator keeps its own role and account.
    await failure('updateUser', { username: EMAIL, adminRole: 'false' }, 50);
    await failure('deleteUser', { username: EMAIL }, 50);
  });

  it('starts a scan for an administrator', async () => {
    await setUp();
    const status = obj((await checks(state.api).once('startScan')).scanStatus);
    expect(status.scanning).toBe(true);
    await expect.poll(async () => obj((await both('getScanStatus')).json.scanStatus).scanning, { timeout: 60_000 }).toBe(false);
  });
});
