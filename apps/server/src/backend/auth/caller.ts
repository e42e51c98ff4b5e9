import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../../module.js';
import { userModel } from '../accounts/models.js';
import { sessionsStore } from '../accounts/sessions.store.js';
import { usersStore } from '../accounts/users.store.js';
import { legacyCookieName, parseCookieHeader, sessionCookieName } from '../http/cookies.js';
import { AppwriteError } from '../http/errors.js';
import { accountErrors } from '../accounts/errors.js';
import { needsMoreFactors } from '../accounts/mfa.js';
import type { SessionRow } from '../accounts/sessions.store.js';
import type { UserRow } from '../accounts/users.store.js';
import { createServerJwt } from './jwt.js';
import { GUEST_ROLES, userRoles } from './roles.js';
import { hashSecret } from './secrets.js';
import { blobFromFallbackHeader, decodeSessionBlob } from './session-blob.js';

/** Who is calling, and the Appwrite roles they hold (backend-api.md §6). */
export interface Caller {
  userId: string | null;
  sessionId: string | null;
  /** e.g. ['any', 'guests'] or ['any', 'user:u1', 'users', 'user:u1/verified', 'users/verified'] */
  roles: string[];
  /** The Account (User) model as the REST API returns it, or null for guests. */
  account: Record<string, unknown> | null;
  /**
   * The session still owes a second factor (MFA on): only the MFA routes and
   * deleting a session may be called; the rest is 401 user_more_factors_required.
   */
  needsFactor?: boolean;
  /** Authenticated by `X-Appwrite-JWT` rather than a session credential. */
  viaJwt?: boolean;
}

export const GUEST: Caller = { userId: null, sessionId: null, roles: [...GUEST_ROLES], account: null };

export type BackendEnv = { Variables: { caller: Caller } };

/** Resolves callers from request headers/cookies and from session blobs (realtime). */
export interface CallerResolver {
  /**
   * The caller for realtime and other modules: a session that still owes a
   * factor, or a bad JWT, is a guest here.
   */
  fromHeaders(headers: Headers): Promise<Caller>;
  /** The base64 `{id, secret}` session credential (cookie, fallback header, realtime `authentication`). */
  fromSessionBlob(blob: string): Promise<Caller>;
}

/** The resolver of /v1 requests themselves. */
export interface RequestCallerResolver extends CallerResolver {
  /**
   * The caller of a /v1 request: a bad `X-Appwrite-JWT` is 401
   * user_jwt_invalid, and a session owing a factor is marked `needsFactor`.
   */
  forRequest(headers: Headers): Promise<Caller>;
}

const DAY_MS = 86_400_000;

/**
 * Credentials are read in Appwrite's order: cookie `a_session_<p>`, cookie
 * `a_session_<p>_legacy`, header `X-Appwrite-Session`, header
 * `X-Fallback-Cookies` (backend-api.md §1). Unlike Appwrite, a stale
 * credential does not hide a live one further down the list: the first that
 * names a live session wins. Expired sessions and blocked users are guests.
 */
export function createCallerResolver(deps: Deps): RequestCallerResolver {
  const project = deps.config.APPWRITE_PROJECT_ID;
  const sessions = sessionsStore(deps.db);
  const users = usersStore(deps.db);
  const jwt = createServerJwt(deps);

  async function callerOf(found: { session: SessionRow; user: UserRow; totp: boolean } | null, at: Date): Promise<Caller | null> {
    if (!found || !found.user.status) return null;
    const { user, session } = found;
    if (at.getTime() - user.accessed_at.getTime() > DAY_MS) {
      user.accessed_at = (await users.touchAccess(user.id, at)) ?? user.accessed_at;
    }
    const mfa = { mfa: user.mfa, emailVerification: user.email_verification, phoneVerification: user.phone_verification, totp: found.totp };
    return {
      userId: user.id,
      sessionId: session.id,
      roles: userRoles({
        id: user.id,
        emailVerification: user.email_verification,
        phoneVerification: user.phone_verification,
        labels: user.labels,
      }),
      account: userModel(user),
      needsFactor: needsMoreFactors(mfa, session.factors),
    };
  }

  async function resolve(blob: string | null): Promise<Caller | null> {
    const cred = decodeSessionBlob(blob);
    if (!cred) return null;
    const at = new Date(deps.now());
    return callerOf(await sessions.findLive(cred.userId, hashSecret(cred.secret), at), at);
  }

  /** A JWT names a session; it works while that session lives (Appwrite's rule). */
  async function fromJwt(token: string): Promise<Caller> {
    const claims = await jwt.verify(token);
    const at = new Date(deps.now());
    const caller = await callerOf(await sessions.findLiveById(claims.userId, claims.sessionId, at), at);
    return caller ? { ...caller, viaJwt: true } : GUEST;
  }

  async function fromSession(headers: Headers): Promise<Caller> {
    const cookies = parseCookieHeader(headers.get('cookie'));
    const candidates = [
      cookies.get(sessionCookieName(project)),
      cookies.get(legacyCookieName(project)),
      headers.get('x-appwrite-session'),
      blobFromFallbackHeader(headers.get('x-fallback-cookies'), sessionCookieName(project)),
    ];
    const tried = new Set<string>();
    for (const blob of candidates) {
      if (!blob || tried.has(blob)) continue;
      tried.add(blob);
      const caller = await resolve(blob);
      if (caller) return caller;
    }
    return GUEST;
  }

  /** `X-Appwrite-JWT`, when sent, stands in for the session (and wins over cookies). */
  const forRequest = (headers: Headers): Promise<Caller> => {
    const token = headers.get('x-appwrite-jwt');
    return token ? fromJwt(token) : fromSession(headers);
  };

  return {
    forRequest,
    async fromHeaders(headers) {
      const caller = await forRequest(headers).catch((err: unknown) => {
        if (err instanceof AppwriteError) return GUEST;
        throw err;
      });
      return caller.needsFactor ? GUEST : caller;
    },
    fromSessionBlob: async (blob) => {
      const caller = await resolve(blob);
      return caller && !caller.needsFactor ? caller : GUEST;
    },
  };
}

/**
 * Routes a session owing a second factor may still call (Appwrite's `mfa`
 * route group): the challenge, the factor list, and ending a session.
 */
export function isMfaRoute(method: string, path: string): boolean {
  if (method === 'DELETE' && /^\/v1\/account\/sessions\/[^/]+$/.test(path)) return true;
  if ((method === 'POST' || method === 'PUT') && /^\/v1\/account\/mfa\/challenges?$/.test(path)) return true;
  return method === 'GET' && path === '/v1/account/mfa/factors';
}

/** Sets `c.var.caller` for every /v1 route. */
export const callerMiddleware =
  (resolver: RequestCallerResolver): MiddlewareHandler<BackendEnv> =>
  async (c, next) => {
    const caller = await resolver.forRequest(c.req.raw.headers);
    if (caller.needsFactor && !isMfaRoute(c.req.method, c.req.path)) throw accountErrors.moreFactorsRequired();
    c.set('caller', caller);
    await next();
  };

/** Appwrite's scope error, e.g. `User (role: guests) missing scopes (["account"])`. */
export const missingScope = (scope: string) =>
  new AppwriteError(401, 'general_unauthorized_scope', `User (role: guests) missing scopes (${JSON.stringify([scope])})`);

/** The signed-in caller of an account route; guests get 401 general_unauthorized_scope. */
export function requireUser(caller: Caller, scope = 'account'): Caller & { userId: string; sessionId: string } {
  if (caller.userId === null || caller.sessionId === null) throw missingScope(scope);
  return caller as Caller & { userId: string; sessionId: string };
}
