import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, LOGIN_LIMIT, usersStore } from '../backend/module.js';
import { migrate } from '../db/migrate.js';
import { createTestDb, ENGINES, type TestDb } from '../test/db.js';
import { ACCOUNT_MEMO_MS, createAuthenticator } from './authenticate.js';
import type { Credentials } from './auth-params.js';
import { issueCredentials, rotateAppPassword } from './credentials.js';
import { secretBox } from './secret-box.js';

const EMAIL = 'memo@example.org';
const OWNER = 'owner@example.org';
const OWNER_PASSWORD = 'owner password 1';
const token = (password: string, username = EMAIL): Credentials => {
  const salt = randomBytes(6).toString('hex');
  return { kind: 'token', username, token: createHash('md5').update(password + salt).digest('hex'), salt };
};
const outcome = (p: Promise<unknown>) => p.then(
  () => 'ok',
  (e: { code?: number }) => e.code,
);

describe.each(ENGINES)('Subsonic sign-ins remember accounts briefly (%s)', (engine) => {
  let t: TestDb;
  const box = secretBox(randomBytes(32));
  let clock = 1_000_000;
  const now = () => clock;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
    await migrate(t.db, 'subsonic');
    await usersStore(t.db).insert({ id: 'u-memo', email: EMAIL, name: 'Memo', passwordHash: null, emailVerification: true, at: new Date() });
    const passwordHash = await hashPassword(OWNER_PASSWORD);
    await usersStore(t.db).insert({ id: 'u-owner', email: OWNER, name: 'Owner', passwordHash, emailVerification: true, at: new Date() });
  });
  afterAll(() => t.drop());

  it('a new app password made elsewhere counts within ACCOUNT_MEMO_MS; forget() makes it count at once', async () => {
    const auth = createAuthenticator(t.db, box, now);
    const first = await issueCredentials(t.db, box, EMAIL, { rotate: false, now: new Date() });
    expect(await outcome(auth.authenticate(token(first.password), '10.0.0.1'))).toBe('ok');

    // Another instance (or the admin command on the data folder) rotates it.
    const second = await rotateAppPassword(t.db, box, 'u-memo', new Date());
    expect(await outcome(auth.authenticate(token(first.password), '10.0.0.1'))).toBe('ok');
    clock += ACCOUNT_MEMO_MS;
    expect(await outcome(auth.authenticate(token(first.password), '10.0.0.1'))).toBe(40);
    expect(await outcome(auth.authenticate(token(second), '10.0.0.1'))).toBe('ok');

    const third = await rotateAppPassword(t.db, box, 'u-memo', new Date());
    auth.forget(EMAIL.toUpperCase());
    expect(await outcome(auth.authenticate(token(second), '10.0.0.1'))).toBe(40);
    expect(await outcome(auth.authenticate(token(third), '10.0.0.1'))).toBe('ok');
  });

  it('a blocked account is refused within ACCOUNT_MEMO_MS, by password and by API key', async () => {
    const auth = createAuthenticator(t.db, box, now);
    const creds = await issueCredentials(t.db, box, EMAIL, { rotate: false, now: new Date() });
    expect(await outcome(auth.authenticate(token(creds.password), '10.0.0.2'))).toBe('ok');
    expect(await outcome(auth.authenticate({ kind: 'apiKey', apiKey: creds.apiKey }, '10.0.0.2'))).toBe('ok');
    await usersStore(t.db).update('u-memo', new Date(), { status: false });
    try {
      clock += ACCOUNT_MEMO_MS;
      expect(await outcome(auth.authenticate(token(creds.password), '10.0.0.2'))).toBe(40);
      expect(await outcome(auth.authenticate({ kind: 'apiKey', apiKey: creds.apiKey }, '10.0.0.2'))).toBe(44);
    } finally {
      await usersStore(t.db).update('u-memo', new Date(), { status: true });
    }
  });

  it(`${LOGIN_LIMIT.max} failures block even the right password; a success before that forgives them`, async () => {
    const auth = createAuthenticator(t.db, box, now);
    const creds = await issueCredentials(t.db, box, EMAIL, { rotate: false, now: new Date() });
    const fail = async (n: number) => {
      for (let i = 0; i < n; i++) expect(await outcome(auth.authenticate(token('wrong'), '10.0.0.3'))).toBe(40);
    };
    await fail(LOGIN_LIMIT.max - 1);
    expect(await outcome(auth.authenticate(token(creds.password), '10.0.0.3'))).toBe('ok');
    await fail(LOGIN_LIMIT.max);
    await expect(auth.authenticate(token(creds.password), '10.0.0.3')).rejects.toMatchObject({ code: 40, message: 'Too many failed sign-ins; try again later' });
    // Another address is not blocked.
    expect(await outcome(auth.authenticate(token(creds.password), '10.0.0.4'))).toBe('ok');
  });

  it('sign-ins with no failures to forgive write no count in the shared table', async () => {
    const auth = createAuthenticator(t.db, box, now);
    const creds = await issueCredentials(t.db, box, EMAIL, { rotate: false, now: new Date() });
    for (let i = 0; i < 3; i++) expect(await outcome(auth.authenticate(token(creds.password), '10.0.0.5'))).toBe('ok');
    expect(await t.db.query('select key from rate_limits where key like $1', ['subsonic-sign-in:%10.0.0.5'])).toEqual([]);
  });

  describe('guesses at the account password are counted before they are checked', () => {
    const guess = (password: string): Credentials => ({ kind: 'password', username: OWNER, password });
    /** Wrong passwords sent at once from `address(i)`: how many were checked, how many refused unchecked. */
    const burst = async (auth: ReturnType<typeof createAuthenticator>, count: number, address: (i: number) => string) => {
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) => auth.authenticate(guess(`wrong ${i}`), address(i)).then(() => 'ok', (e: Error) => e.message)),
      );
      return [answers.filter((m) => m === 'Wrong username or password').length, answers.filter((m) => m === 'Too many failed sign-ins; try again later').length];
    };

    it(`100 wrong passwords at once from one address: ${LOGIN_LIMIT.max} are checked; the owner's password works from another address`, async () => {
      const auth = createAuthenticator(t.db, box, () => clock);
      expect(await burst(auth, 100, () => '10.1.0.1')).toEqual([LOGIN_LIMIT.max, 100 - LOGIN_LIMIT.max]);
      expect(await outcome(auth.authenticate(guess(OWNER_PASSWORD), '10.1.0.1'))).toBe(40);
      expect(await outcome(auth.authenticate(guess(OWNER_PASSWORD), '10.1.0.2'))).toBe('ok');
      clock += LOGIN_LIMIT.windowMs;
    });

    it(`wrong passwords from 60 addresses: ${LOGIN_LIMIT.account.max} are checked, then the account password is refused anywhere; the app password still works`, async () => {
      const auth = createAuthenticator(t.db, box, () => clock);
      const creds = await issueCredentials(t.db, box, OWNER, { rotate: false, now: new Date() });
      expect(await burst(auth, 60, (i) => `10.2.0.${i}`)).toEqual([LOGIN_LIMIT.account.max, 60 - LOGIN_LIMIT.account.max]);
      await expect(auth.authenticate(guess(OWNER_PASSWORD), '10.2.1.1')).rejects.toMatchObject({
        code: 40,
        message: 'Too many failed sign-ins; try again later',
      });
      // The owner's apps sign in with the app password the server made: not a guess at the account password.
      expect(await outcome(auth.authenticate(guess(creds.password), '10.2.1.1'))).toBe('ok');
      expect(await outcome(auth.authenticate(token(creds.password, OWNER), '10.2.1.1'))).toBe('ok');
      clock += LOGIN_LIMIT.windowMs;
      expect(await outcome(auth.authenticate(guess(OWNER_PASSWORD), '10.2.1.1'))).toBe('ok');
    });

    it('a right account password leaves no count behind', async () => {
      const auth = createAuthenticator(t.db, box, () => clock);
      const counts = () => t.db.query("select key, hits from rate_limits where key in ('sign-in-account:owner@example.org') or key like '%10.3.0.1'");
      const before = await counts();
      for (let i = 0; i < 3; i++) expect(await outcome(auth.authenticate(guess(OWNER_PASSWORD), '10.3.0.1'))).toBe('ok');
      expect(await counts()).toEqual(before);
    });
  });
});
