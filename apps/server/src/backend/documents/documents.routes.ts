import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import type { BackendEnv } from '../auth/caller.js';
import type { EventBus } from '../realtime/event-bus.js';

/** /v1/databases/{db}/collections/{col}/documents with queries and permissions. */
export function createDocumentRoutes(_deps: Deps, _ctx: { events: EventBus }) {
  return new Hono<BackendEnv>();
}
