import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import type { BackendEnv, CallerResolver } from '../auth/caller.js';
import { oauthRoutes } from '../oauth/oauth.routes.js';
import type { EventBus } from '../realtime/event-bus.js';
import { createCreationLimits, NO_CREATION_LIMITS } from '../auth/creation-limits.js';
import { createAccounts } from './accounts.js';
import { profileRoutes } from './profile.routes.js';
import { createSessions } from './sessions.js';
import { sessionRoutes } from './sessions.routes.js';

/** /v1/account*, sessions, OAuth token flow, /v1/ping. */
export function createAccountRoutes(deps: Deps, { events }: { callers: CallerResolver; events: EventBus }) {
  const accounts = createAccounts(deps);
  const sessions = createSessions(deps);
  const limits = deps.config.RATE_LIMITS === 'on' ? createCreationLimits(deps.now) : NO_CREATION_LIMITS;
  const routes = new Hono<BackendEnv>();
  // backend-api.md §8: 200 text/plain `Pong!`.
  routes.get('/v1/ping', (c) => c.text('Pong!'));
  routes.route('/', profileRoutes(deps, { accounts, events, limits }));
  // Before the session routes: GET /v1/account/sessions/oauth2/{provider} is a navigation, not a session read.
  routes.route('/', oauthRoutes(deps, { accounts, sessions }));
  routes.route('/', sessionRoutes(deps, { accounts, sessions, events, limits }));
  return routes;
}
