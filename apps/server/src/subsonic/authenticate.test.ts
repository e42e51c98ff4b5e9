import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT, usersStore } from '../backend/module.js';
import { migrate } from '../db/migrate.js';
import { createTestDb, ENGINES, type TestDb } from '../test/db.js';
import { ACCOUNT_MEMO_MS, createAuthenticator } from './authenticate.js';
import type { Credentials } from './auth-params.js';
import { issueCredentials, rotateAppPassword } from './credentials.js';
import { secretBox } from './secret-box.js';

const EMAIL = 'memo@example.org';
const token = (password: string): Credentials => {
  const salt = randomBytes(6).toString('hex');
  return { kind: 'token', username: EMAIL, token: createHash('md5').update(password + salt).digest('hex'), salt };
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
});
