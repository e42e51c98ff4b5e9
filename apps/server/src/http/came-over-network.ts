import type { Context } from 'hono';

/**
 * Whether a request came over the network: Node's HTTP server hands every
 * request its socket (`c.env.incoming`); requests the server makes to itself
 * in process (the loopback admin listener's, tests') have none. Admin routes
 * answer the network 403 (or less), unless `AdminCheck` says the caller is an administrator.
 */
export const cameOverNetwork = (c: Context): boolean => (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;

/** Whether the request's credentials are an administrator's session (the backend says, at every call; app.ts hands it over). */
export type AdminSession = (headers: Headers) => Promise<boolean>;

/**
 * Whether a request may use an admin route: it came in process (the loopback
 * admin listener, behind its token), or over the network with an
 * administrator's session when `adminSession` is given.
 */
export function mayAdminister(adminSession?: AdminSession): (c: Context) => Promise<boolean> {
  return async (c) => !cameOverNetwork(c) || (adminSession !== undefined && (await adminSession(c.req.raw.headers)));
}
