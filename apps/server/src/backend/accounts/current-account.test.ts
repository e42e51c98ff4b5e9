import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { useAccountsServer } from './test/accounts-server.js';

/** The signed-in account: guests refused, prefs, name and password. */
describe.each(ENGINES)('accounts and sessions through the appwrite SDK (%s)', (engine) => {
  const { s, raw, signedIn } = useAccountsServer(engine);

  describe('the current account', () => {
    it('is 401 general_unauthorized_scope for a guest', async () => {
      const guest = createSdkClient(s.baseUrl);
      expect(await failure(guest.account.get())).toEqual({
        code: 401,
        type: 'general_unauthorized_scope',
        message: 'User (role: guests) missing scopes (["account"])',
      });
      const calls: Promise<unknown>[] = [guest.account.getPrefs(), guest.account.listSessions(), guest.account.updateName({ name: 'x' })];
      for (const call of calls) {
        expect(await failure(call)).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
      }
    });

    it('keeps prefs as an object and replaces them on update', async () => {
      const { sdk } = await signedIn();
      expect(await sdk.account.getPrefs()).toEqual({});
      const user = await sdk.account.updatePrefs({ prefs: { theme: 'dark', volume: 0.7, nested: { a: [1] } } });
      expect(user.prefs).toEqual({ theme: 'dark', volume: 0.7, nested: { a: [1] } });
      expect(await sdk.account.getPrefs()).toEqual({ theme: 'dark', volume: 0.7, nested: { a: [1] } });
      await sdk.account.updatePrefs({ prefs: { quality: '320kbps' } });
      expect(await sdk.account.getPrefs()).toEqual({ quality: '320kbps' });
      expect(user.$updatedAt >= user.$createdAt).toBe(true);
    });

    it('refuses prefs that are not an object', async () => {
      const { sdk } = await signedIn();
      const blob = JSON.parse(sdk.browser.localStorage.getItem('cookieFallback')!) as Record<string, string>;
      for (const [body, message] of [
        ['{"prefs":[1,2]}', 'Invalid `prefs` param: Value must be a valid object.'],
        ['{"prefs":"dark"}', 'Invalid `prefs` param: Value must be a valid object.'],
        ['{}', 'Missing required parameter: "prefs"'],
      ] as const) {
        const res = await raw('/v1/account/prefs', { method: 'PATCH', body, headers: { 'x-appwrite-session': blob.a_session_lyra! } });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ type: 'general_argument_invalid', message });
      }
    });

    it('updates the name, refusing an empty one', async () => {
      const { sdk } = await signedIn();
      expect(await sdk.account.updateName({ name: 'Grace' })).toMatchObject({ name: 'Grace' });
      expect(await sdk.account.get()).toMatchObject({ name: 'Grace' });
      expect(await failure(sdk.account.updateName({ name: '' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    });

    it('changes the password only with the old one', async () => {
      const { sdk, user, email } = await signedIn();
      expect(await failure(sdk.account.updatePassword({ password: 'new-password', oldPassword: 'nope-nope' }))).toMatchObject({
        code: 401,
        type: 'user_invalid_credentials',
      });
      await sdk.account.updatePassword({ password: 'new-password', oldPassword: 'password123' });
      const other = createSdkClient(s.baseUrl);
      await expect(other.account.createEmailPasswordSession({ email, password: 'new-password' })).resolves.toMatchObject({ userId: user.$id, provider: 'email', factors: ['password'] });
    });
  });
});
