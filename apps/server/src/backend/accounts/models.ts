import { isObject } from '../http/params.js';
import type { SessionRow } from './sessions.store.js';
import { parseUserAgent } from './user-agent.js';
import type { UserRow } from './users.store.js';

/** Appwrite's `Y-m-d\TH:i:s.vP`, always UTC: 2026-01-02T03:04:05.678+00:00; "" when unset. */
export const appwriteTime = (d: Date | null | undefined): string =>
  d ? d.toISOString().replace(/Z$/, '+00:00') : '';

/** Prefs always serialise as an object, never `[]` (backend-api.md §3). */
const prefsObject = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});

/** The User (Account) model; password material is never part of it. */
export function userModel(u: UserRow) {
  return {
    $id: u.id,
    $createdAt: appwriteTime(u.created_at),
    $updatedAt: appwriteTime(u.updated_at),
    name: u.name,
    registration: appwriteTime(u.registration),
    status: u.status,
    labels: u.labels,
    passwordUpdate: appwriteTime(u.password_update),
    email: u.email ?? '',
    phone: '',
    emailVerification: u.email_verification,
    phoneVerification: false,
    mfa: false,
    prefs: prefsObject(u.prefs),
    targets: [],
    accessedAt: appwriteTime(u.accessed_at),
  };
}

export type UserModel = ReturnType<typeof userModel>;

/**
 * The Session model. `secret` is always "" for client callers: the
 * credential travels only in the cookies / fallback header.
 */
export function sessionModel(s: SessionRow, currentSessionId: string | null) {
  return {
    $id: s.id,
    $createdAt: appwriteTime(s.created_at),
    $updatedAt: appwriteTime(s.updated_at),
    userId: s.user_id,
    expire: appwriteTime(s.expire),
    provider: s.provider,
    providerUid: s.provider_uid,
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
    ip: s.ip,
    ...parseUserAgent(s.user_agent),
    countryCode: '--',
    countryName: 'Unknown',
    current: s.id === currentSessionId,
    factors: s.factors,
    secret: '',
    mfaUpdatedAt: '',
  };
}

export type SessionModel = ReturnType<typeof sessionModel>;
