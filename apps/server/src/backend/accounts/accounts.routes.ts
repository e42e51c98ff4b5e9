import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import type { BackendEnv, CallerResolver } from '../auth/caller.js';
import type { EventBus } from '../realtime/event-bus.js';

/** /v1/account*, sessions, OAuth token flow, /v1/ping, sign-in methods config. */
export function createAccountRoutes(_deps: Deps, _ctx: { callers: CallerResolver; events: EventBus }) {
  const routes = new Hono<BackendEnv>();
  routes.get('/v1/ping', (c) => c.text('Pong!'));
  return routes;
}
