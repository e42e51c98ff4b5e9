import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { GUEST, useServerWithUsers } from './test/fixtures.js';

/** Account calls without a required parameter (400 naming it) or without a session (401). */
describe.each(ENGINES)('JWTs, logs, status, email, phone, targets through the appwrite SDK (%s)', (engine) => {
  const { s, signedIn } = useServerWithUsers(engine, 'Sec');

  describe('bad input', () => {
    it.each([
      ['PATCH', '/account/email', { password: 'password123' }, 'email'],
      ['PATCH', '/account/email', { email: 'a@example.com' }, 'password'],
      ['PATCH', '/account/phone', { password: 'password123' }, 'phone'],
      ['PATCH', '/account/mfa', {}, 'mfa'],
      ['PUT', '/account/mfa/authenticators/totp', {}, 'otp'],
      ['POST', '/account/mfa/challenges', {}, 'factor'],
      ['PUT', '/account/mfa/challenges', { otp: '123456' }, 'challengeId'],
      ['PUT', '/account/mfa/challenges', { challengeId: 'c1' }, 'otp'],
      ['POST', '/account/recovery', { url: 'http://127.0.0.1/' }, 'email'],
      ['PUT', '/account/recovery', { userId: 'u1', password: 'password123' }, 'secret'],
      ['PUT', '/account/recovery', { userId: 'u1', secret: 's' }, 'password'],
      ['POST', '/account/verifications/email', {}, 'url'],
      ['PUT', '/account/verifications/email', { secret: 's' }, 'userId'],
      ['POST', '/account/tokens/magic-url', { userId: 'unique()' }, 'email'],
      ['POST', '/account/tokens/email', { email: 'a@example.com' }, 'userId'],
      ['PUT', '/account/sessions/magic-url', { userId: 'u1' }, 'secret'],
      ['POST', '/account/tokens/phone', { userId: 'unique()' }, 'phone'],
      ['POST', '/account/targets/push', { identifier: 'x' }, 'targetId'],
      ['POST', '/account/targets/push', { targetId: 'unique()' }, 'identifier'],
      ['PUT', '/account/targets/t1/push', {}, 'identifier'],
    ])('%s %s without a parameter names it in a 400', async (method, path, body, missing) => {
      const { sdk } = await signedIn();
      const res = await sdk.run(() =>
        fetch(`${s.endpoint}${path}`, {
          method,
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
          body: JSON.stringify(body),
        }),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: `Missing required parameter: "${missing}"`,
        code: 400,
        type: 'general_argument_invalid',
        version: '1.9.6',
      });
    });

    it.each([
      ['POST', '/account/jwts'],
      ['GET', '/account/logs'],
      ['PATCH', '/account/status'],
      ['PATCH', '/account/mfa'],
      ['GET', '/account/mfa/factors'],
      ['POST', '/account/mfa/recovery-codes'],
      ['POST', '/account/targets/push'],
      ['POST', '/account/verifications/email'],
    ])('%s %s as a guest is 401 general_unauthorized_scope', async (method, path) => {
      const res = await fetch(`${s.endpoint}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject(GUEST);
    });
  });
});
