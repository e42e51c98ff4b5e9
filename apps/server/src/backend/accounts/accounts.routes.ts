import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import type { BackendEnv, CallerResolver } from '../auth/caller.js';
import { oauthRoutes } from '../oauth/oauth.routes.js';
import type { EventBus } from '../realtime/event-bus.js';
import { createAccounts } from './accounts.js';
import { profileRoutes } from './profile.routes.js';
import { createSessions } from './sessions.js';
import { sessionRoutes } from './sessions.routes.js';

/** /v1/account*, sessions, OAuth token flow, /v1/ping. */
export function createAccountRoutes(deps: Deps, { events }: { callers: CallerResolver; events: EventBus }) {
  const accounts = createAccounts(deps);
  const sessions = createSessions(deps);
  const routes = new Hono<BackendEnv>();
  // backend-api.md §8: 200 text/plain `Pong!`.
  routes.get('/v1/ping', (c) => c.text('Pong!'));
  routes.route('/', profileRoutes(deps, { accounts, events }));
  // Before the session routes: GET /v1/account/sessions/oauth2/{provider} is a navigation, not a session read.
  routes.route('/', oauthRoutes(deps, { accounts, sessions }));
  routes.route('/', sessionRoutes(deps, { accounts, sessions, events }));
  return routes;
}
