import { Hono } from 'hono';
import { AppwriteError, corsMiddleware, isAdmin, requireUser, type CallerResolver } from '../backend/module.js';
import { baseUrl } from '../catalogue/module.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import {
  createShareLink,
  descriptionOf,
  expiryOf,
  forgetVerdicts,
  ownShareLink,
  shareLink,
  type ShareLinkDeps,
} from './public-links.js';
import { sharesStore } from './shares.sql.js';
import { endWithAppwriteErrors } from './session-route-errors.js';

export interface ShareLinkRouteDeps extends ShareLinkDeps {
  config: Pick<Config, 'PUBLIC_URL' | 'allowedOrigins' | 'trustProxy' | 'SHARES'>;
  log: Logger;
  callers: CallerResolver;
}

/** Where the web app asks about its listener's public links (the page's own server). */
export const SHARE_LINKS_BASE = '/subsonic/shares';

export const sharingRefused = () => new AppwriteError(403, 'user_unauthorized', 'Only an administrator of this server can make public links.');

const bodyOf = async (req: Request): Promise<Record<string, unknown>> => {
  const body: unknown = await req.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppwriteError(400, 'general_argument_invalid', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
};

/**
 * The signed-in listener's public share links, for the web app (its backend session, as /v1 reads it, with
 * /v1's origin policy); errors in Appwrite's shape {message, code, type, version}:
 *
 *   GET    /subsonic/shares[?all=true]   {mayShare, shares: [ShareLink]}: the caller's links, oldest first;
 *                                        all=true every account's (administrators; others 403)
 *   POST   /subsonic/shares              {id, description?, expires?, maxBitRate?} → 201 ShareLink;
 *                                        403 for a listener when SHARES=admins, and for an account
 *                                        without an email (an anonymous session)
 *   PATCH  /subsonic/shares/:id          {description?, expires?} → ShareLink
 *   DELETE /subsonic/shares/:id          204: the link stops opening at once
 *
 * `expires` is never, day, week, month or a date to come; `maxBitRate` one of the quality tiers or null.
 * A link that is not the caller's (unless they administer the server) is 404, as an unknown one.
 */
export function shareLinkRoutes(deps: ShareLinkRouteDeps): Hono {
  const routes = new Hono();
  const user = async (headers: Headers) => {
    const caller = requireUser(await deps.callers.fromHeaders(headers));
    const admin = isAdmin(caller);
    // An account without an email (an anonymous session) shares nothing, as in Subsonic apps.
    const named = typeof caller.account?.email === 'string' && caller.account.email !== '';
    return { userId: caller.userId, admin, named, mayShare: named && (admin || deps.config.SHARES !== 'admins') };
  };
  const base = (url: string) => baseUrl(deps.config, url);

  routes.use(SHARE_LINKS_BASE, corsMiddleware(deps.config));
  routes.use(`${SHARE_LINKS_BASE}/*`, corsMiddleware(deps.config));

  routes.get(SHARE_LINKS_BASE, async (c) => {
    const me = await user(c.req.raw.headers);
    const all = c.req.query('all') === 'true';
    if (all && !me.admin) throw new AppwriteError(403, 'user_unauthorized', 'Only an administrator of this server can do this.');
    const rows = await sharesStore(deps.db).list(all ? null : me.userId);
    const shares = [];
    for (const row of rows) shares.push(await shareLink(deps, row, base(c.req.url)));
    c.header('cache-control', 'no-store');
    return c.json({ mayShare: me.mayShare, shares });
  });

  routes.post(SHARE_LINKS_BASE, async (c) => {
    const me = await user(c.req.raw.headers);
    if (!me.named) throw new AppwriteError(403, 'user_unauthorized', 'Sign in with an email to make public links.');
    if (!me.mayShare) throw sharingRefused();
    const made = await createShareLink(deps, me.userId, await bodyOf(c.req.raw));
    c.header('cache-control', 'no-store');
    return c.json(await shareLink(deps, made, base(c.req.url)), 201);
  });

  routes.patch(`${SHARE_LINKS_BASE}/:id`, async (c) => {
    const me = await user(c.req.raw.headers);
    const share = await ownShareLink(deps, c.req.param('id'), me.userId, me.admin);
    const body = await bodyOf(c.req.raw);
    const description = 'description' in body ? descriptionOf(body.description) : share.description;
    const expires = 'expires' in body ? expiryOf(body.expires, deps.now()) : share.expires_at;
    await sharesStore(deps.db).update(share.id, description, expires);
    await forgetVerdicts(deps, share.id);
    return c.json(await shareLink(deps, (await sharesStore(deps.db).byId(share.id))!, base(c.req.url)));
  });

  routes.delete(`${SHARE_LINKS_BASE}/:id`, async (c) => {
    const me = await user(c.req.raw.headers);
    const share = await ownShareLink(deps, c.req.param('id'), me.userId, me.admin);
    await sharesStore(deps.db).remove(share.id);
    await forgetVerdicts(deps, share.id);
    return c.body(null, 204);
  });

  endWithAppwriteErrors(routes, SHARE_LINKS_BASE, deps.log, 'share link request failed');
  return routes;
}
