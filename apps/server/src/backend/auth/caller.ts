import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../../module.js';
import { userModel } from '../accounts/models.js';
import { sessionsStore } from '../accounts/sessions.store.js';
import { usersStore } from '../accounts/users.store.js';
import { legacyCookieName, parseCookieHeader, sessionCookieName } from '../http/cookies.js';
import { AppwriteError } from '../http/errors.js';
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
}

export const GUEST: Caller = { userId: null, sessionId: null, roles: [...GUEST_ROLES], account: null };

export type BackendEnv = { Variables: { caller: Caller } };

/** Resolves callers from request headers/cookies and from session blobs (realtime). */
export interface CallerResolver {
  fromHeaders(headers: Headers): Promise<Caller>;
  /** The base64 `{id, secret}` session credential (cookie, fallback header, realtime `authentication`). */
  fromSessionBlob(blob: string): Promise<Caller>;
}

const DAY_MS = 86_400_000;

/**
 * Credentials are read in Appwrite's order: cookie `a_session_<p>`, cookie
 * `a_session_<p>_legacy`, header `X-Appwrite-Session`, header
 * `X-Fallback-Cookies` (backend-api.md §1). Unlike Appwrite, a stale
 * credential does not hide a live one further down the list: the first that
 * names a live session wins. Expired sessions and blocked users are guests.
 */
export function createCallerResolver(deps: Deps): CallerResolver {
  const project = deps.config.APPWRITE_PROJECT_ID;
  const sessions = sessionsStore(deps.db);
  const users = usersStore(deps.db);

  async function resolve(blob: string | null): Promise<Caller | null> {
    const cred = decodeSessionBlob(blob);
    if (!cred) return null;
    const at = new Date(deps.now());
    const found = await sessions.findLive(cred.userId, hashSecret(cred.secret), at);
    if (!found || !found.user.status) return null;
    const { user, session } = found;
    if (at.getTime() - user.accessed_at.getTime() > DAY_MS) {
      user.accessed_at = (await users.touchAccess(user.id, at)) ?? user.accessed_at;
    }
    return {
      userId: user.id,
      sessionId: session.id,
      roles: userRoles({ id: user.id, emailVerification: user.email_verification, labels: user.labels }),
      account: userModel(user),
    };
  }

  return {
    async fromHeaders(headers) {
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
    },
    fromSessionBlob: async (blob) => (await resolve(blob)) ?? GUEST,
  };
}

/** Sets `c.var.caller` for every /v1 route. */
export const callerMiddleware =
  (resolver: CallerResolver): MiddlewareHandler<BackendEnv> =>
  async (c, next) => {
    c.set('caller', await resolver.fromHeaders(c.req.raw.headers));
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
