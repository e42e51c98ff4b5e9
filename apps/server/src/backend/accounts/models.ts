import { isObject } from '../http/params.js';
import type { SessionRow } from './sessions.store.js';
import { parseUserAgent } from './user-agent.js';
import type { LogRow } from './logs.store.js';
import type { TargetRow } from './targets.store.js';
import type { UserRow } from './users.store.js';

/** Appwrite's `Y-m-d\TH:i:s.vP`, always UTC: 2026-01-02T03:04:05.678+00:00; "" when unset. */
export const appwriteTime = (d: Date | null | undefined): string =>
  d ? d.toISOString().replace(/Z$/, '+00:00') : '';

/** Prefs always serialise as an object, never `[]` (backend-api.md §3). */
const prefsObject = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});

/** The User (Account) model; password material is never part of it. `targets`: the user's push targets, when read. */
export function userModel(u: UserRow, targets: TargetRow[] = []) {
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
    phone: u.phone ?? '',
    emailVerification: u.email_verification,
    phoneVerification: u.phone_verification ?? false,
    mfa: u.mfa ?? false,
    prefs: prefsObject(u.prefs),
    targets: targets.map(targetModel),
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
    mfaUpdatedAt: appwriteTime(s.mfa_updated_at),
  };
}

export type SessionModel = ReturnType<typeof sessionModel>;

/** The Target model (push targets; `providerType` is always `push` here). */
export function targetModel(t: TargetRow) {
  return {
    $id: t.id,
    $createdAt: appwriteTime(t.created_at),
    $updatedAt: appwriteTime(t.updated_at),
    name: t.name,
    userId: t.user_id,
    providerId: t.provider_id,
    providerType: 'push',
    identifier: t.identifier,
    expired: false,
  };
}

/** The Token model; `secret` is "" for clients (the secret travels only by mail or redirect). */
export function tokenModel(t: { id: string; userId: string; createdAt: Date; expire: Date; phrase?: string }) {
  return {
    $id: t.id,
    $createdAt: appwriteTime(t.createdAt),
    userId: t.userId,
    secret: '',
    expire: appwriteTime(t.expire),
    phrase: t.phrase ?? '',
  };
}

/** The Log model (GET /account/logs): the event, who, and the client parsed from its User-Agent. */
export function logModel(l: LogRow, user: { name: string; email: string }) {
  return {
    event: l.event,
    userId: l.user_id,
    userEmail: user.email,
    userName: user.name,
    mode: 'user',
    userType: 'user',
    ip: l.ip,
    time: appwriteTime(l.created_at),
    ...parseUserAgent(l.user_agent),
    countryCode: '--',
    countryName: 'Unknown',
  };
}
