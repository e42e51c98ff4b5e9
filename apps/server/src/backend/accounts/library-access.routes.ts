import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import { requireAdmin } from '../auth/admins.js';
import type { BackendEnv } from '../auth/caller.js';
import { AppwriteError } from '../http/errors.js';
import { invalidParam, readBody } from '../http/params.js';
import { libraryAccessStore } from './library-access.store.js';
import { requireBoolean } from './validation.js';

/** At most this many accounts in one library's list. */
export const MAX_GRANTS = 10_000;

/**
 * The Admin page's Libraries (backend-api.md §11), administrators only:
 *   GET /v1/admin/libraries               each library: id, name, folder, open to everyone or to which accounts
 *   PUT /v1/admin/libraries/:libraryId    {everyone: true} or {everyone: false, userIds: [...]}
 */
export function libraryAccessRoutes(deps: Deps) {
  const store = libraryAccessStore(deps.db);
  const routes = new Hono<BackendEnv>();
  routes.use('/v1/admin/libraries', async (c, next) => {
    requireAdmin(c.var.caller);
    await next();
  });
  routes.use('/v1/admin/libraries/*', async (c, next) => {
    requireAdmin(c.var.caller);
    await next();
  });

  const list = async () => {
    const restricted = new Map((await store.restricted()).map((r) => [r.library_id, r.user_ids]));
    return deps.config.libraries.map((l) => {
      const userIds = restricted.get(l.id);
      return { $id: l.id, name: l.name, folder: l.root, everyone: userIds === undefined, userIds: userIds ?? [] };
    });
  };

  routes.get('/v1/admin/libraries', async (c) => {
    const libraries = await list();
    return c.json({ total: libraries.length, libraries });
  });

  routes.put('/v1/admin/libraries/:libraryId', async (c) => {
    const params = await readBody(c);
    const libraryId = c.req.param('libraryId');
    if (!deps.config.libraries.some((l) => l.id === libraryId)) {
      throw new AppwriteError(404, 'general_argument_invalid', 'Library with the requested ID could not be found.');
    }
    const everyone = requireBoolean(params, 'everyone');
    let userIds: string[] | null = null;
    if (!everyone) {
      const v = params.userIds ?? [];
      if (!Array.isArray(v) || v.length > MAX_GRANTS || !v.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 36)) {
        throw invalidParam('userIds', `Value must be an array of at most ${MAX_GRANTS} user IDs`);
      }
      userIds = [...new Set(v as string[])];
    }
    await deps.db.transaction((tx) => libraryAccessStore(tx).set(libraryId, userIds, new Date(deps.now())));
    return c.json((await list()).find((l) => l.$id === libraryId));
  });
  return routes;
}
