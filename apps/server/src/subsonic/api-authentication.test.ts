import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, usersStore } from '../backend/module.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { issueCredentials } from './credentials.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';
import { expectSchema } from './test/openapi.js';
import { client, EMAIL, PASSWORD, query, tokenParams, type Body } from './test/harness.js';
import { useLibraryApi } from './test/library-api.js';

/** Subsonic API, signing in: the account password, the app password, tokens, API keys, and the code of each refusal. */

describe.each(ENGINES)('subsonic API (%s)', (engine) => {
  const { state, failure } = useLibraryApi(engine);
  let { h } = state;
  beforeAll(() => void ({ h } = state));

  describe('authentication', () => {
    const ping = (auth: Record<string, string>) => client(h.t, auth).json('ping');
    const hex = (s: string) => 'enc:' + Buffer.from(s, 'utf8').toString('hex');

    it('accepts the account password and the app password, plain or enc:', async () => {
      for (const p of [PASSWORD, hex(PASSWORD), h.creds.password, hex(h.creds.password)]) {
        expect((await ping({ u: EMAIL, p })).status, p).toBe('ok');
      }
      expect((await ping({ u: EMAIL.toUpperCase(), p: PASSWORD })).status).toBe('ok');
    });

    it('accepts a token made with the app password, not with the account password, and says which password apps use', async () => {
      expect((await ping(tokenParams(EMAIL, h.creds.password))).status).toBe('ok');
      expect((await ping(tokenParams(EMAIL, h.creds.password, 'another-salt'))).status).toBe('ok');
      const wrong = await ping(tokenParams(EMAIL, PASSWORD));
      expect(wrong.error).toEqual({
        code: 40,
        message:
          'Wrong username or password: Subsonic apps sign in with the app password shown in Profile, Subsonic apps, in the web app (not the account password)',
      });
    });

    it('accepts an API key alone', async () => {
      expect((await ping({ apiKey: h.creds.apiKey })).status).toBe('ok');
    });

    it('refuses wrong, conflicting, incomplete and unknown credentials with their codes', async () => {
      await failure('ping', {}, 40, client(h.t, { u: EMAIL, p: 'not the password' }));
      await failure('ping', {}, 40, client(h.t, { u: 'nobody@example.org', p: PASSWORD }));
      await failure('ping', {}, 40, client(h.t, { u: EMAIL, p: 'enc:zz' }));
      await failure('ping', {}, 43, client(h.t, { apiKey: h.creds.apiKey, u: EMAIL }));
      await failure('ping', {}, 43, client(h.t, { apiKey: h.creds.apiKey, p: PASSWORD }));
      await failure('ping', {}, 43, client(h.t, { u: EMAIL, p: PASSWORD, ...tokenParams(EMAIL, PASSWORD) }));
      await failure('ping', {}, 44, client(h.t, { apiKey: 'lyra_not-a-key' }));
      await failure('ping', {}, 42, client(h.t, { u: EMAIL, t: 'abc' }));
      await failure('ping', {}, 10, client(h.t, { p: PASSWORD }));
      await failure('ping', {}, 10, client(h.t, { u: EMAIL }));
      await failure('ping', {}, 10, client(h.t, {}));
    });

    it('says token auth is not supported (41) for a user without an app password', async () => {
      await h.t.testDb.db.query(
        `insert into users (id, email, name, registration, accessed_at, created_at, updated_at)
         values ('u-other', 'other@example.org', 'Other', now(), now(), now(), now())`,
      );
      await failure('ping', {}, 41, client(h.t, tokenParams('other@example.org', 'whatever')));
    });

    it('stops counting guesses after ten failures for a user name', async () => {
      const guess = client(h.t, { u: 'guessed@example.org', p: 'nope' });
      for (let i = 0; i < 10; i++) expect((await guess.json('ping')).error?.message).toBe('Wrong username or password');
      expect((await guess.json('ping')).error?.message).toMatch(/Too many/);
    });
  });
});

/**
 * Behind a trusted proxy (TRUST_PROXY=loopback, the address in X-Forwarded-For):
 * wrong account passwords count per account from every address, in the count
 * the web sign-in shares.
 */
describe.each(ENGINES)('subsonic sign-ins from many addresses (%s)', (engine) => {
  let s: TestServer;
  let musicDir: string;
  let appPassword: string;
  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-subsonic-empty-'));
    s = await startTestServer(engine, { TRUST_PROXY: 'loopback', MUSIC_DIR: musicDir, LOUDNESS_SCAN: 'off' }, ['catalogue', 'backend']);
    const passwordHash = await hashPassword(PASSWORD);
    await usersStore(s.testDb.db).insert({ id: 'u-listener', email: EMAIL, name: 'Listener', passwordHash, emailVerification: true, at: new Date() });
    const box = secretBox(await loadOrCreateKey(s.dataDir));
    appPassword = (await issueCredentials(s.testDb.db, box, EMAIL, { rotate: false, now: new Date() })).password;
  });
  afterAll(async () => {
    await s?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  const ping = async (address: string, auth: Record<string, string>): Promise<Body> => {
    const res = await fetch(`${s.baseUrl}/rest/ping?${query({ ...auth, c: 'test', v: '1.16.1', f: 'json' })}`, {
      headers: { 'x-forwarded-for': address },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { 'subsonic-response': Body };
    expectSchema('ping', body);
    return body['subsonic-response'];
  };

  it('60 wrong passwords from 60 addresses use up the account: then the right password is refused with error 40, on /rest and /v1', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => ping(`203.0.113.${i + 1}`, { u: EMAIL, p: `wrong ${i}` })));
    expect(answers.map((a) => a.error?.code)).toEqual(Array(60).fill(40));
    const messages = answers.map((a) => a.error?.message);
    expect(messages.filter((m) => m === 'Wrong username or password')).toHaveLength(50);
    expect(messages.filter((m) => m === 'Too many failed sign-ins; try again later')).toHaveLength(10);

    expect((await ping('198.51.100.61', { u: EMAIL, p: PASSWORD })).error).toEqual({ code: 40, message: 'Too many failed sign-ins; try again later' });
    const web = await fetch(`${s.endpoint}/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', 'x-forwarded-for': '198.51.100.62' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(web.status).toBe(429);

    // The app password is the server's own secret, not a guess at the account's: the listener's apps keep working.
    expect((await ping('198.51.100.61', { u: EMAIL, p: appPassword })).status).toBe('ok');
    expect((await ping('198.51.100.61', tokenParams(EMAIL, appPassword))).status).toBe('ok');
  });
});
