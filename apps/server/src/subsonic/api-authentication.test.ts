import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { client, EMAIL, PASSWORD, tokenParams } from './test/harness.js';
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

    it('accepts a token made with the app password, not with the account password', async () => {
      expect((await ping(tokenParams(EMAIL, h.creds.password))).status).toBe('ok');
      expect((await ping(tokenParams(EMAIL, h.creds.password, 'another-salt'))).status).toBe('ok');
      const wrong = await ping(tokenParams(EMAIL, PASSWORD));
      expect(wrong.error?.code).toBe(40);
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
