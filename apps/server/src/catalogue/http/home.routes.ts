import { Hono } from 'hono';
import type { HomeRowsService } from '../home-rows.js';
import { catalogueCtx, type ApiDeps } from './context.js';
import { ok } from './respond.js';

/** GET /api/home/rows: Home's curated rows with their items (ours; not in the reference API). */
export function homeRoutes(deps: ApiDeps, home: HomeRowsService): Hono {
  const routes = new Hono();
  routes.get('/api/home/rows', async (c) => ok(c, await home.rows(catalogueCtx(deps, c))));
  return routes;
}
