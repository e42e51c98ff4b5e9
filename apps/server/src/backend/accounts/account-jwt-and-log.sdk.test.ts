import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { GUEST, TIME, useServerWithUsers } from './test/fixtures.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** JWTs standing for a session (X-Appwrite-JWT) and the account log (GET /account/logs). */
describe.each(ENGINES)('JWTs, logs, status, email, phone, targets through the appwrite SDK (%s)', (engine) => {
  const { s, clock, signedIn } = useServerWithUsers(engine, 'Sec');

  /** GET /account/logs: the v28 SDK has no method for it, so the page calls it through the SDK's client. */
  const listLogs = (sdk: SdkClient, queries: string[] = []) =>
    sdk.run(() =>
      sdk.client.call('get', new URL(`${sdk.endpoint}/account/logs`), { 'X-Appwrite-Project': 'lyra' }, { queries }),
    ) as Promise<{ total: number; logs: Record<string, unknown>[] }>;

  describe('JWTs', () => {
    it('a JWT stands for the session in X-Appwrite-JWT; an expired or garbled one is user_jwt_invalid', async () => {
      const { sdk, user, session } = await signedIn();
      const { jwt } = await sdk.account.createJWT();
      expect(jwt.split('.')).toHaveLength(3);
      const header = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
      expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, number | string>;
      expect(claims).toMatchObject({ userId: user.$id, sessionId: session.$id });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(900);

      const server = createSdkClient(s.baseUrl);
      server.client.setJWT(jwt);
      expect((await server.account.get()).$id).toBe(user.$id);
      expect((await server.account.getSession({ sessionId: 'current' })).$id).toBe(session.$id);
      expect(await failure(server.account.createJWT())).toEqual({
        code: 401,
        type: 'user_jwt_creation_denied',
        message: 'A JWT cannot be created from a request authenticated with a JWT.',
      });

      clock.advance(900_000 + 1000);
      expect(await failure(server.account.get())).toEqual({ code: 401, type: 'user_jwt_invalid', message: 'Failed to verify JWT. Expired token.' });
      clock.reset();
      server.client.setJWT(`${jwt.slice(0, -4)}AAAA`);
      expect(await failure(server.account.get())).toEqual({ code: 401, type: 'user_jwt_invalid', message: 'Failed to verify JWT. Invalid token.' });
      server.client.setJWT('garbage');
      expect(await failure(server.account.get())).toEqual({ code: 401, type: 'user_jwt_invalid', message: 'Failed to verify JWT. Invalid token.' });
    });

    it('a JWT ends with its session, and its duration is checked', async () => {
      const { sdk } = await signedIn();
      const { jwt } = await sdk.account.createJWT({ duration: 60 });
      expect(await failure(sdk.account.createJWT({ duration: 3601 }))).toEqual({
        code: 400,
        type: 'general_argument_invalid',
        message: 'Invalid `duration` param: Value must be a valid range between 0 and 3,600',
      });
      await sdk.account.deleteSession({ sessionId: 'current' });
      const server = createSdkClient(s.baseUrl);
      server.client.setJWT(jwt);
      expect(await failure(server.account.get())).toEqual(GUEST);
      expect(await failure(createSdkClient(s.baseUrl).account.createJWT())).toEqual(GUEST);
    });
  });

  describe('account log', () => {
    it('lists what happened, newest first, with time, address and the client from its User-Agent', async () => {
      const { sdk, user, email } = await signedIn({ userAgent: CHROME });
      await sdk.account.updatePassword({ password: 'password456', oldPassword: 'password123' });
      await sdk.account.updateEmail({ email: `new-${email}`, password: 'password456' });
      await sdk.account.updateMFA({ mfa: false });
      const { total, logs } = await listLogs(sdk);
      expect(total).toBe(5);
      expect(logs.map((l) => l.event)).toEqual(['user.update.mfa', 'user.update.email', 'user.update.password', 'session.create', 'user.create']);
      expect(logs[0]).toEqual({
        event: 'user.update.mfa',
        userId: user.$id,
        userEmail: `new-${email}`,
        userName: user.name,
        mode: 'user',
        userType: 'user',
        ip: '127.0.0.1',
        time: expect.stringMatching(TIME),
        osCode: 'LIN',
        osName: 'GNU/Linux',
        osVersion: '',
        clientType: 'browser',
        clientCode: 'CH',
        clientName: 'Chrome',
        clientVersion: '126.0',
        clientEngine: 'Blink',
        clientEngineVersion: '126.0',
        deviceName: 'desktop',
        deviceBrand: '',
        deviceModel: '',
        countryCode: '--',
        countryName: 'Unknown',
      });
      const page = await listLogs(sdk, [Query.limit(2), Query.offset(1)]);
      expect(page.logs.map((l) => l.event)).toEqual(['user.update.email', 'user.update.password']);
      expect(await failure(listLogs(sdk, [Query.equal('event', 'x')]))).toMatchObject({ code: 400, type: 'general_query_invalid' });
      expect(await failure(listLogs(createSdkClient(s.baseUrl)))).toEqual(GUEST);
    });
  });
});
