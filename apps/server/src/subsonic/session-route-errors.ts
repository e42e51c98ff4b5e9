import type { Hono } from 'hono';
import { AppwriteError, retryAfterHeaders } from '../backend/module.js';
import type { Logger } from '../log.js';

/**
 * The ends of the routes Subsonic serves over the web session (profile
 * credentials, public links): an unknown path under `base` is Appwrite's 404,
 * a refusal keeps its own shape, anything else is logged as `what` and answers
 * Appwrite's 500.
 */
export function endWithAppwriteErrors(routes: Hono, base: string, log: Logger, what: string): void {
  routes.all(`${base}/*`, () => {
    throw new AppwriteError(404, 'general_route_not_found', 'The requested route was not found.');
  });
  routes.onError((err, c) => {
    if (err instanceof AppwriteError) return c.json(err.toJSON(), err.code as 400, retryAfterHeaders(err));
    log.error(what, { path: c.req.path, err });
    return c.json(new AppwriteError(500, 'general_unknown', 'Server Error').toJSON(), 500);
  });
}
