import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { librariesJoined, type LibraryScope } from '../../music-libraries.js';
import { scopedQueryable } from '../library-scope.js';
import type { CatalogueCtx } from '../songs.js';
import { baseUrl } from '../urls.js';

export interface ApiDeps {
  db: Db;
  config: Config;
}

/** The libraries a request's credentials may see (the backend decides; app.ts passes it in). */
export type LibraryScopeOf = (headers: Headers) => Promise<LibraryScope>;

const SCOPE = 'libraryScope';

/** Looks up the request's library scope once, for every catalogueCtx of the request. */
export const libraryScopeMiddleware =
  (scopeOf: LibraryScopeOf): MiddlewareHandler =>
  async (c, next) => {
    c.set(SCOPE as never, (await scopeOf(c.req.raw.headers)) as never);
    await next();
  };

/** The request's library scope: null (every library) unless libraryScopeMiddleware said otherwise. */
export const libraryScopeOf = (c: Context): LibraryScope => (c.get(SCOPE as never) as LibraryScope | undefined) ?? null;

/**
 * The service context of one request: reads see the listener's libraries only (library-scope.ts), and
 * absolute URLs use PUBLIC_URL or the request's origin (DESIGN §8).
 */
export const catalogueCtx = (deps: ApiDeps, c: Context): CatalogueCtx => ({
  db: scopedQueryable(deps.db, libraryScopeOf(c), librariesJoined(deps.config.libraries)),
  base: baseUrl(deps.config, c.req.url),
});
