import { isObject } from '../http/params.js';
import type { IdentityRow } from './identities.store.js';
import type { SessionRow } from './sessions.store.js';
import { parseUserAgent } from './user-agent.js';
import type { LogRow } from './logs.store.js';
import type { TargetRow } from './targets.store.js';
import type { UserRow } from './users.store.js';

/** Appwrite's `Y-m-d\TH:i:s.vP`, always UTC: 2026-01-02T03:04:05.678+00:00; "" when unset. */
export const appwriteTime = (d: Date | null | undefined): string =>
  d ? d.toISOString().replace(/Z$/, '+00:00') : '';

/** The fields every stored model opens with: its id and when it was made and last changed. */
const modelBase = (row: { id: string; created_at: Date; updated_at: Date }) => ({
  $id: row.id,
  $createdAt: appwriteTime(row.created_at),
  $updatedAt: appwriteTime(row.updated_at),
});

/** The provider account a session or identity comes from; its tokens never leave the server, so they are sent empty. */
const providerAccount = (row: { provider: string; provider_uid: string }) => ({
  provider: row.provider,
  providerUid: row.provider_uid,
  providerAccessToken: '',
  providerAccessTokenExpiry: '',
  providerRefreshToken: '',
});

/** The client a session or log entry came from, by its User-Agent; this server does no geolocation. */
const clientFields = (userAgent: string) => ({
  ...parseUserAgent(userAgent),
  countryCode: '--',
  countryName: 'Unknown',
});

/** Prefs always serialise as an object, never `[]` (backend-api.md §3). */
const prefsObject = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});

/** The User (Account) model; password material is never part of it. `targets`: the user's push targets, when read. */
export function userModel(u: UserRow, targets: TargetRow[] = []) {
  return {
    ...modelBase(u),
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
    ...modelBase(s),
    userId: s.user_id,
    expire: appwriteTime(s.expire),
    ...providerAccount(s),
    ip: s.ip,
    ...clientFields(s.user_agent),
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
    ...modelBase(t),
    name: t.name,
    userId: t.user_id,
    providerId: t.provider_id,
    providerType: 'push',
    identifier: t.identifier,
    expired: false,
  };
}

/** The Identity model (GET /account/identities); provider tokens never leave the server. */
export function identityModel(i: IdentityRow) {
  return {
    ...modelBase(i),
    userId: i.user_id,
    ...providerAccount(i),
    providerEmail: i.provider_email,
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
    ...clientFields(l.user_agent),
  };
}
