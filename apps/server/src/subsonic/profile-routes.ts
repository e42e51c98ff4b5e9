import { Hono } from 'hono';
import { AppwriteError, corsMiddleware, requireUser, selfOrigin, type CallerResolver } from '../backend/module.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Logger } from '../log.js';
import { appPasswordFor, createApiKey, rotateAppPassword } from './credentials.js';
import { credentialsStore } from './credentials.store.js';
import type { SecretBox } from './secret-box.js';
import { endWithAppwriteErrors } from './session-route-errors.js';

export interface ProfileDeps {
  config: Pick<Config, 'PUBLIC_URL' | 'allowedOrigins' | 'trustProxy'>;
  db: Db;
  log: Logger;
  now: () => number;
  box: SecretBox;
  callers: CallerResolver;
  /** Called when a user's app password or keys change, so sign-ins stop using what was remembered. */
  forget: (userId: string) => void;
}

/** Where the Profile page's Subsonic section asks (the page's own server). */
export const PROFILE_BASE = '/subsonic/credentials';

/**
 * The Profile page's "Subsonic apps" section, for the signed-in user of the
 * backend session (its cookie or fallback header, as /v1 reads them), with
 * /v1's origin policy; errors in Appwrite's shape {message, code, type, version}:
 *
 *   GET    /subsonic/credentials                  {serverUrl, username, appPassword, apiKeys: [{id, createdAt, lastUsedAt}]}
 *   POST   /subsonic/credentials/app-password     {appPassword}: a new one (the old one stops working)
 *   POST   /subsonic/credentials/api-keys         {id, apiKey, createdAt}: the key is shown this once
 *   DELETE /subsonic/credentials/api-keys/:id     204
 */
export function subsonicProfileRoutes(deps: ProfileDeps): Hono {
  const routes = new Hono();
  const store = credentialsStore(deps.db);
  const user = async (headers: Headers) => {
    const caller = requireUser(await deps.callers.fromHeaders(headers));
    const email = caller.account?.email;
    if (typeof email !== 'string' || email === '') {
      throw new AppwriteError(400, 'user_email_not_found', 'Subsonic apps sign in with an email: this account has none.');
    }
    return { userId: caller.userId, email };
  };
  const at = () => new Date(deps.now());

  routes.use(`${PROFILE_BASE}`, corsMiddleware(deps.config));
  routes.use(`${PROFILE_BASE}/*`, corsMiddleware(deps.config));

  routes.get(PROFILE_BASE, async (c) => {
    const { userId, email } = await user(c.req.raw.headers);
    const appPassword = await appPasswordFor(deps.db, deps.box, userId, at());
    const keys = await store.apiKeys(userId);
    c.header('cache-control', 'no-store');
    return c.json({
      serverUrl: deps.config.PUBLIC_URL ?? selfOrigin(c, deps.config),
      username: email,
      appPassword,
      apiKeys: keys.map((k) => ({
        id: k.id,
        createdAt: new Date(k.created_at).toISOString(),
        lastUsedAt: k.last_used_at ? new Date(k.last_used_at).toISOString() : null,
      })),
    });
  });

  routes.post(`${PROFILE_BASE}/app-password`, async (c) => {
    const { userId } = await user(c.req.raw.headers);
    const appPassword = await rotateAppPassword(deps.db, deps.box, userId, at());
    deps.forget(userId);
    c.header('cache-control', 'no-store');
    return c.json({ appPassword });
  });

  routes.post(`${PROFILE_BASE}/api-keys`, async (c) => {
    const { userId } = await user(c.req.raw.headers);
    const now = at();
    const key = await createApiKey(deps.db, userId, now);
    c.header('cache-control', 'no-store');
    return c.json({ ...key, createdAt: now.toISOString() }, 201);
  });

  routes.delete(`${PROFILE_BASE}/api-keys/:id`, async (c) => {
    const { userId } = await user(c.req.raw.headers);
    if (!(await store.removeApiKey(userId, c.req.param('id')))) {
      throw new AppwriteError(404, 'subsonic_key_not_found', 'No API key with this id.');
    }
    deps.forget(userId);
    return c.body(null, 204);
  });

  endWithAppwriteErrors(routes, PROFILE_BASE, deps.log, 'subsonic profile request failed');
  return routes;
}
