import type { Context } from 'hono';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import type { CatalogueCtx } from '../songs.js';
import { baseUrl } from '../urls.js';

export interface ApiDeps {
  db: Db;
  config: Config;
}

/** The service context of one request: absolute URLs use PUBLIC_URL or the request's origin (DESIGN §8). */
export const catalogueCtx = (deps: ApiDeps, c: Context): CatalogueCtx => ({
  db: deps.db,
  base: baseUrl(deps.config, c.req.url),
});
