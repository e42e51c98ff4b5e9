import { Hono } from 'hono';
import { migrate } from '../db/migrate.js';
import type { Deps, ServerModule } from '../module.js';

/** The Appwrite-compatible backend under /v1: accounts, OAuth, documents, realtime. */
export async function createBackend(deps: Deps): Promise<ServerModule> {
  await migrate(deps.db, 'backend');
  const routes = new Hono();
  routes.get('/v1/ping', (c) => c.text('Pong!'));
  return { name: 'backend', routes };
}
