import { Hono } from 'hono';
import { migrate } from '../db/migrate.js';
import type { Deps, ServerModule } from '../module.js';

/** The catalogue: scanner over MUSIC_DIR, the saavn-shaped /api, media and images. */
export async function createCatalogue(deps: Deps): Promise<ServerModule> {
  await migrate(deps.db, 'catalogue');
  const routes = new Hono();
  return { name: 'catalogue', routes };
}
