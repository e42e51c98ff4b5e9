import { Account, AuthenticationFactor, AuthenticatorType, Client, ID } from 'appwrite';
import type { ClientConfig } from '../../shared/lib/client-config.js';
import type { AccountApi, AccountLog } from './account-api.js';

/**
 * AccountApi over the official SDK's Account class (v28). The SDK keeps the
 * session's fallback cookie in localStorage, so this client and the app's
 * main one (shared/lib/backend-sdk.ts) act as the same signed-in user.
 * The SDK has no method for GET /account/logs, so that one goes through the
 * SDK's own `client.call`, with the same headers and error handling.
 */
export function createSdkAccountApi(config: Pick<ClientConfig, 'backendEndpoint' | 'projectId'>): AccountApi {
  const endpoint = new URL(config.backendEndpoint, window.location.origin).href.replace(/\/+$/, '');
  const client = new Client().setEndpoint(endpoint).setProject(config.projectId);
  const account = new Account(client);

  return {
    get: async () => {
      const u = await account.get();
      return { $id: u.$id, name: u.name, email: u.email, emailVerification: u.emailVerification, mfa: u.mfa };
    },
    updateEmail: async (email, password) => {
      await account.updateEmail({ email, password });
    },
    updatePassword: async (password, oldPassword) => {
      await account.updatePassword({ password, oldPassword });
    },
    createVerification: async (url) => {
      await account.createVerification({ url });
    },
    updateVerification: async (userId, secret) => {
      await account.updateVerification({ userId, secret });
    },
    createRecovery: async (email, url) => {
      await account.createRecovery({ email, url });
    },
    updateRecovery: async (userId, secret, password) => {
      await account.updateRecovery({ userId, secret, password });
    },
    createMagicUrlToken: async (email, url, invitation) => {
      if (invitation === undefined) return void (await account.createMagicURLToken({ userId: ID.unique(), email, url }));
      // The SDK's createMagicURLToken has no invitation: the same call through its client, with it added.
      const body = { userId: ID.unique(), email, url, invitation };
      await client.call('post', new URL(`${endpoint}/account/tokens/magic-url`), { 'content-type': 'application/json' }, body);
    },
    addTotp: async () => {
      const { secret, uri } = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
      return { secret, uri };
    },
    verifyTotp: async (otp) => {
      await account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp });
    },
    removeTotp: async () => {
      await account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp });
    },
    setMfa: async (mfa) => {
      await account.updateMFA({ mfa });
    },
    listFactors: async () => {
      const f = await account.listMFAFactors();
      return { totp: f.totp, recoveryCode: f.recoveryCode };
    },
    createRecoveryCodes: async () => (await account.createMFARecoveryCodes()).recoveryCodes,
    regenerateRecoveryCodes: async () => (await account.updateMFARecoveryCodes()).recoveryCodes,
    createChallenge: async (factor) => {
      const c = await account.createMFAChallenge({ factor: factor === 'totp' ? AuthenticationFactor.Totp : AuthenticationFactor.Recoverycode });
      return c.$id;
    },
    completeChallenge: async (challengeId, otp) => {
      await account.updateMFAChallenge({ challengeId, otp });
    },
    listSessions: async () => (await account.listSessions()).sessions,
    deleteSession: async (sessionId) => {
      await account.deleteSession({ sessionId });
    },
    listLogs: async (limit) => {
      const uri = new URL(`${endpoint}/account/logs`);
      const queries = [JSON.stringify({ method: 'limit', values: [limit] })];
      const res = (await client.call('get', uri, {}, { queries })) as { logs?: AccountLog[] };
      return res.logs ?? [];
    },
  };
}
