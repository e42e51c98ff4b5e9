import { FakeBackendError } from '../../shared/lib/backend-fake.js';
import type { AccountApi, AccountDetails, AccountLog, AccountSession, ChallengeFactor } from './account-api.js';

/**
 * An in-memory AccountApi for unit tests, with the backend's answers: a wrong
 * password or code is a 401, a recovery code works once, recovery codes can
 * be created once (409 after). The authenticator's right code is `OTP`.
 */
export const OTP = '123456';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export interface FakeAccount extends AccountApi {
  details: AccountDetails;
  password: string;
  totp: 'none' | 'pending' | 'verified';
  recoveryCodes: string[];
  sessions: AccountSession[];
  logs: AccountLog[];
  /** Every call, by method name and arguments. */
  calls: { op: keyof AccountApi; args: unknown[] }[];
  /** The next call of `op` fails with this error. */
  failNext(op: keyof AccountApi, error: unknown): void;
}

const invalidToken = () => new FakeBackendError('Invalid token passed in the request.', 401, 'user_invalid_token');

export function createFakeAccount(details: Partial<AccountDetails> = {}): FakeAccount {
  const failures: { op: keyof AccountApi; error: unknown }[] = [];
  const challenges = new Map<string, ChallengeFactor>();
  let seq = 0;
  const fake = {
    details: { $id: 'u1', name: 'Ada', email: 'ada@example.com', emailVerification: false, mfa: false, ...details },
    password: 'password123',
    totp: 'none',
    recoveryCodes: [],
    sessions: [],
    logs: [],
    calls: [],
    failNext(op: keyof AccountApi, error: unknown) {
      failures.push({ op, error });
    },
  } as unknown as FakeAccount;

  const impl: Omit<AccountApi, never> = {
    get: async () => ({ ...fake.details }),
    updateEmail: async (email, password) => {
      if (password !== fake.password) throw new FakeBackendError('Invalid credentials. Please check the email and password.', 401, 'user_invalid_credentials');
      fake.details = { ...fake.details, email, emailVerification: false };
    },
    updatePassword: async (password, oldPassword) => {
      if (oldPassword !== fake.password) throw new FakeBackendError('Invalid credentials. Please check the email and password.', 401, 'user_invalid_credentials');
      fake.password = password;
    },
    createVerification: async () => {},
    updateVerification: async (_userId, secret) => {
      if (secret !== 'good') throw invalidToken();
      fake.details = { ...fake.details, emailVerification: true };
    },
    createRecovery: async () => {},
    updateRecovery: async (_userId, secret, password) => {
      if (secret !== 'good') throw invalidToken();
      fake.password = password;
    },
    createMagicUrlToken: async () => {},
    addTotp: async () => {
      if (fake.totp === 'verified') throw new FakeBackendError('The authenticator is already verified.', 409, 'user_authenticator_already_verified');
      fake.totp = 'pending';
      return { secret: TOTP_SECRET, uri: `otpauth://totp/Lyra:${fake.details.email}?secret=${TOTP_SECRET}&issuer=Lyra` };
    },
    verifyTotp: async (otp) => {
      if (fake.totp === 'none') throw new FakeBackendError('Authenticator not found.', 404, 'user_authenticator_not_found');
      if (otp !== OTP) throw invalidToken();
      fake.totp = 'verified';
    },
    removeTotp: async () => {
      if (fake.totp === 'none') throw new FakeBackendError('Authenticator not found.', 404, 'user_authenticator_not_found');
      fake.totp = 'none';
    },
    setMfa: async (on) => {
      fake.details = { ...fake.details, mfa: on };
    },
    listFactors: async () => ({ totp: fake.totp === 'verified', recoveryCode: fake.recoveryCodes.length > 0 }),
    createRecoveryCodes: async () => {
      if (fake.recoveryCodes.length) throw new FakeBackendError('Recovery codes already exist.', 409, 'user_recovery_codes_already_exists');
      fake.recoveryCodes = Array.from({ length: 10 }, (_, i) => `code${i}abcde`);
      return [...fake.recoveryCodes];
    },
    regenerateRecoveryCodes: async () => {
      fake.recoveryCodes = Array.from({ length: 10 }, (_, i) => `new${i}abcde`);
      return [...fake.recoveryCodes];
    },
    createChallenge: async (factor) => {
      const id = `ch${++seq}`;
      challenges.set(id, factor);
      return id;
    },
    completeChallenge: async (challengeId, otp) => {
      const factor = challenges.get(challengeId);
      if (!factor) throw new FakeBackendError('Challenge not found.', 404, 'user_challenge_not_found');
      if (factor === 'totp' && otp === OTP) return;
      if (factor === 'recoveryCode' && fake.recoveryCodes.includes(otp)) {
        fake.recoveryCodes = fake.recoveryCodes.filter((c) => c !== otp);
        return;
      }
      throw invalidToken();
    },
    listSessions: async () => [...fake.sessions],
    deleteSession: async (sessionId) => {
      fake.sessions = fake.sessions.filter((s) => s.$id !== sessionId);
    },
    listLogs: async (limit) => fake.logs.slice(0, limit),
  };

  for (const [op, fn] of Object.entries(impl) as [keyof AccountApi, (...a: unknown[]) => Promise<unknown>][]) {
    (fake as unknown as Record<string, unknown>)[op] = async (...args: unknown[]) => {
      fake.calls.push({ op, args });
      const i = failures.findIndex((f) => f.op === op);
      if (i >= 0) throw failures.splice(i, 1)[0]!.error;
      return fn(...args);
    };
  }
  return fake;
}
