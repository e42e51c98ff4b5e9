import { lazyApi } from '../../shared/lib/lazy-api.js';

/**
 * The account calls beyond sign-in (SPEC#account-api-get-account-post): email and
 * password changes, recovery, verification, two-factor, sessions and logs.
 * Spoken through the official `appwrite` SDK's Account class; the SDK is
 * loaded on first use (account-sdk.ts), so none of this is in the first chunk.
 */
export interface AccountDetails {
  $id: string;
  name: string;
  email: string;
  emailVerification: boolean;
  mfa: boolean;
}

export interface AccountSession {
  $id: string;
  $createdAt: string;
  ip: string;
  osName: string;
  osVersion: string;
  clientName: string;
  clientVersion: string;
  deviceName: string;
  current: boolean;
}

export interface AccountLog {
  event: string;
  ip: string;
  time: string;
  osName: string;
  osVersion: string;
  clientName: string;
  clientVersion: string;
  deviceName: string;
}

export type ChallengeFactor = 'totp' | 'recoveryCode';

export interface AccountApi {
  get(): Promise<AccountDetails>;
  updateEmail(email: string, password: string): Promise<void>;
  updatePassword(password: string, oldPassword: string): Promise<void>;
  /** Sends the verification mail; its link opens `url` with userId, secret and expire. */
  createVerification(url: string): Promise<void>;
  updateVerification(userId: string, secret: string): Promise<void>;
  /** Sends the recovery mail; its link opens `url` with userId, secret and expire. */
  createRecovery(email: string, url: string): Promise<void>;
  updateRecovery(userId: string, secret: string, password: string): Promise<void>;
  /**
   * Sends a sign-in link that opens `url` with userId and secret. For a new
   * email on an invite-only server, `invitation` (the secret of an admin's link) pays for the account.
   */
  createMagicUrlToken(email: string, url: string, invitation?: string): Promise<void>;
  /** A new TOTP secret and its otpauth:// URI, unconfirmed until `verifyTotp`. */
  addTotp(): Promise<{ secret: string; uri: string }>;
  verifyTotp(otp: string): Promise<void>;
  removeTotp(): Promise<void>;
  setMfa(on: boolean): Promise<void>;
  listFactors(): Promise<{ totp: boolean; recoveryCode: boolean }>;
  /** Recovery codes made for the first time (the backend refuses when some exist). */
  createRecoveryCodes(): Promise<string[]>;
  /** A fresh set of recovery codes, replacing the old ones. */
  regenerateRecoveryCodes(): Promise<string[]>;
  createChallenge(factor: ChallengeFactor): Promise<string>;
  completeChallenge(challengeId: string, otp: string): Promise<void>;
  listSessions(): Promise<AccountSession[]>;
  deleteSession(sessionId: string): Promise<void>;
  listLogs(limit: number): Promise<AccountLog[]>;
}

const loader = lazyApi<AccountApi, 'backendEndpoint' | 'projectId'>((config) => import('./account-sdk.js').then((m) => m.createSdkAccountApi(config)));

/** Tests install a double; `null` restores the SDK. */
export const setAccountApiForTests = loader.setForTests;
export const getAccountApi = loader.get;

/** A loader of the account API for this app's config. */
export const useAccountApi = loader.useApi;

/**
 * Query keys of the signed-in account's data, under 'backend' so sign-out
 * and a change of account drop them (session.ts).
 */
export const accountKey = ['backend', 'account'] as const;
export const accountDetailsKey = [...accountKey, 'details'] as const;
export const accountSessionsKey = [...accountKey, 'sessions'] as const;
export const accountLogsKey = [...accountKey, 'logs'] as const;
