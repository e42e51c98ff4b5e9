import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import type { Scanner } from '../scanner/scanner-service.js';

/** The saavn-shaped catalogue API under /api (catalogue-api.md). */
export function createApiRoutes(_deps: Deps, _scanner: Scanner): Hono {
  return new Hono();
}
