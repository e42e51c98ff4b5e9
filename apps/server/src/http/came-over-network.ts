import type { Context } from 'hono';

/**
 * Whether a request came over the network: Node's HTTP server hands every
 * request its socket (`c.env.incoming`); requests the server makes to itself
 * in process (the loopback admin listener's, an administrator's forwarded by
 * app.ts, tests') have none. Admin routes answer the network 403 (or less).
 */
export const cameOverNetwork = (c: Context): boolean => (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
