import { Hono } from 'hono';
import { migrate } from '../db/migrate.js';
import type { Deps, ServerModule } from '../module.js';
import { createAdminRoutes } from './http/admin.routes.js';
import { createApiRoutes } from './http/api.routes.js';
import { createMedia } from './media/media-module.js';
import { createScanner } from './scanner/scanner-service.js';

/** The catalogue: scanner over MUSIC_DIR, the saavn-shaped /api, media and images. */
export async function createCatalogue(deps: Deps): Promise<ServerModule> {
  await migrate(deps.db, 'catalogue');
  const scanner = createScanner(deps);
  const media = createMedia(deps);
  const routes = new Hono();
  routes.route('/', createApiRoutes(deps, scanner));
  routes.route('/', createAdminRoutes(scanner));
  routes.route('/', media.routes);
  return {
    name: 'catalogue',
    routes,
    ...(media.raw ? { raw: media.raw } : {}),
    start: () => scanner.start(),
    async stop() {
      await scanner.stop();
      await media.stop();
    },
  };
}
