import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../../module.js';

/** Who is calling, and the Appwrite roles they hold (backend-api.md §6). */
export interface Caller {
  userId: string | null;
  sessionId: string | null;
  /** e.g. ['any', 'guests'] or ['any', 'user:u1', 'users', 'user:u1/verified', 'users/verified'] */
  roles: string[];
  /** The Account (User) model as the REST API returns it, or null for guests. */
  account: Record<string, unknown> | null;
}

export const GUEST: Caller = { userId: null, sessionId: null, roles: ['any', 'guests'], account: null };

export type BackendEnv = { Variables: { caller: Caller } };

/** Resolves callers from request headers/cookies and from session blobs (realtime). */
export interface CallerResolver {
  fromHeaders(headers: Headers): Promise<Caller>;
  /** The base64 `{id, secret}` session credential (cookie, fallback header, realtime `authentication`). */
  fromSessionBlob(blob: string): Promise<Caller>;
}

export function createCallerResolver(_deps: Deps): CallerResolver {
  return { fromHeaders: async () => GUEST, fromSessionBlob: async () => GUEST };
}

/** Sets `c.var.caller` for every /v1 route. */
export const callerMiddleware =
  (resolver: CallerResolver): MiddlewareHandler<BackendEnv> =>
  async (c, next) => {
    c.set('caller', await resolver.fromHeaders(c.req.raw.headers));
    await next();
  };
