import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { useAccountsServer } from './test/accounts-server.js';
import { TIME } from './test/fixtures.js';

const USER_KEYS = [
  '$createdAt', '$id', '$updatedAt', 'accessedAt', 'email', 'emailVerification', 'labels', 'mfa', 'name',
  'passwordUpdate', 'phone', 'phoneVerification', 'prefs', 'registration', 'status', 'targets',
];

/** Sign-up (POST /v1/account): the User model, taken emails and ids, and every bad input answered with 400. */
describe.each(ENGINES)('accounts and sessions through the appwrite SDK (%s)', (engine) => {
  const { s, raw } = useAccountsServer(engine);
  let n = 0;

  describe('sign-up (POST /v1/account)', () => {
    it('returns the User model and creates no session', async () => {
      const sdk = createSdkClient(s.baseUrl);
      const userId = ID.unique();
      const user = await sdk.account.create({ userId, email: 'Ada@Example.com', password: 'password123', name: 'Ada Lovelace' });
      expect(Object.keys(user).sort()).toEqual(USER_KEYS);
      expect(user).toMatchObject({
        // The server's first account is its administrator (backend-api.md §11).
        $id: userId, name: 'Ada Lovelace', email: 'ada@example.com', phone: '', status: true, labels: ['admin'],
        emailVerification: false, phoneVerification: false, mfa: false, prefs: {}, targets: [],
      });
      for (const k of ['$createdAt', '$updatedAt', 'registration', 'passwordUpdate', 'accessedAt'] as const) {
        expect(user[k]).toMatch(TIME);
      }
      expect(JSON.stringify(user)).not.toMatch(/password"|hash/i);
      expect(sdk.browser.jar.all()).toEqual([]);
      expect(await failure(sdk.account.get())).toMatchObject({ code: 401 });
    });

    it('generates the id for the literal unique()', async () => {
      const res = await raw('/v1/account', {
        method: 'POST',
        body: JSON.stringify({ userId: 'unique()', email: 'uniq@example.com', password: 'password123' }),
      });
      expect(res.status).toBe(201);
      const user = (await res.json()) as { $id: string; name: string };
      expect(user.$id).toMatch(/^[0-9a-f]{20}$/);
      expect(user.name).toBe('');
    });

    it('refuses a taken email (any case) or id with 409 user_already_exists', async () => {
      const sdk = createSdkClient(s.baseUrl);
      const id = ID.unique();
      await sdk.account.create({ userId: id, email: 'dup@example.com', password: 'password123' });
      const expected = {
        code: 409,
        type: 'user_already_exists',
        message: 'A user with the same id, email, or phone already exists in this project.',
      };
      expect(await failure(sdk.account.create({ userId: ID.unique(), email: 'DUP@example.com', password: 'password123' }))).toEqual(
        expected,
      );
      expect(await failure(sdk.account.create({ userId: id, email: 'other@example.com', password: 'password123' }))).toEqual(
        expected,
      );
    });

    it.each([
      [{ password: 'short' }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long.'],
      [{ password: 'x'.repeat(257) }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long.'],
      [{ password: ' '.repeat(8) }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long and must not consist only of whitespace or control characters.'],
      [{ password: '\u0000'.repeat(8) }, 'password', 'Invalid `password` param: Value must not contain NUL characters.'],
      [{ password: '\u0001\u007f'.repeat(4) }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long and must not consist only of whitespace or control characters.'],
      [{ password: '\t\n\r \u00a0\u200b\u2028\u3000' }, 'password', 'Invalid `password` param: Password must be between 8 and 256 characters long and must not consist only of whitespace or control characters.'],
      [{ email: 'not-an-email' }, 'email', 'Invalid `email` param: Value must be a valid email address'],
      [{ userId: '_bad' }, 'userId', 'Invalid `userId` param: Parameter must contain at most 36 chars.'],
      [{ userId: 'x'.repeat(37) }, 'userId', 'Invalid `userId` param: Parameter must contain at most 36 chars.'],
      [{ name: 'n'.repeat(129) }, 'name', 'Invalid `name` param: Value must be a valid string and at least 0 chars and no longer than 128 chars'],
    ])('refuses %j with 400 general_argument_invalid', async (patch, _param, message) => {
      const body = { userId: ID.unique(), email: `v${++n}@example.com`, password: 'password123', ...patch };
      const res = await raw('/v1/account', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      const err = (await res.json()) as Record<string, unknown>;
      expect(err).toMatchObject({ code: 400, type: 'general_argument_invalid', version: '1.9.6' });
      expect(String(err.message)).toContain(message);
    });

    it.each(['userId', 'email', 'password'])('names the missing parameter %s', async (param) => {
      const body: Record<string, string> = { userId: ID.unique(), email: 'm@example.com', password: 'password123' };
      delete body[param];
      const res = await raw('/v1/account', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: `Missing required parameter: "${param}"`,
        code: 400,
        type: 'general_argument_invalid',
        version: '1.9.6',
      });
    });

    it.each([
      ['invalid JSON', '{"userId":', 'Invalid JSON in the request body.'],
      ['a JSON array', '[1,2]', 'The request body must be a JSON object.'],
      ['a JSON string', '"x"', 'The request body must be a JSON object.'],
    ])('answers %s with 400, never 500', async (_what, body, message) => {
      const res = await raw('/v1/account', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 400, type: 'general_argument_invalid', message });
    });

    it('answers a non-string parameter with 400', async () => {
      const res = await raw('/v1/account', {
        method: 'POST',
        body: JSON.stringify({ userId: 42, email: 'x@example.com', password: 'password123' }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `userId` param: Value must be a valid string.' });
    });
  });
});
