import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import { createAccountLimits, createGuessLimiter, NO_ACCOUNT_LIMITS } from '../auth/account-limits.js';
import type { BackendEnv, CallerResolver } from '../auth/caller.js';
import { createCreationLimits, NO_CREATION_LIMITS } from '../auth/creation-limits.js';
import { limiterStoreFor } from '../auth/limiter-store.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { oauthRoutes } from '../oauth/oauth.routes.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { AccountDeletion } from './account-deletion.js';
import type { AccountKit } from './account-kit.js';
import type { Schema } from '../schema/appwrite-schema.js';
import { createAccountLog } from './account-log.js';
import { adminRoutes } from './admin.routes.js';
import { createInvitations } from './invitations.js';
import { libraryAccessRoutes } from './library-access.routes.js';
import { createAccounts } from './accounts.js';
import { emailFlowRoutes } from './email-flows.routes.js';
import { mfaRoutes } from './mfa.routes.js';
import { profileRoutes } from './profile.routes.js';
import { securityRoutes } from './security.routes.js';
import { createSessions } from './sessions.js';
import { sessionRoutes } from './sessions.routes.js';

/** /v1/account*, sessions, OAuth token flow, MFA, mailed secrets, /v1/ping, and the administration routes /v1/admin/*. */
export function createAccountRoutes(
  deps: Deps,
  {
    events,
    mailer = createMailer(deps.config, deps.log),
    schema,
    realtimeSockets,
    deleteAccount,
  }: { callers: CallerResolver; events: EventBus; mailer?: Mailer; schema: Schema; realtimeSockets: () => number; deleteAccount: AccountDeletion },
) {
  const accounts = createAccounts(deps);
  const sessions = createSessions(deps);
  const invitations = createInvitations(deps);
  const on = deps.config.RATE_LIMITS === 'on';
  const store = limiterStoreFor(deps.db);
  const kit: AccountKit = {
    deps,
    accounts,
    sessions,
    events,
    log: createAccountLog(deps),
    limits: on ? createCreationLimits(deps.now, store) : NO_CREATION_LIMITS,
    accountLimits: on ? createAccountLimits(deps.now, store) : NO_ACCOUNT_LIMITS,
    guesses: createGuessLimiter(deps.now, store),
    mailer,
  };
  const routes = new Hono<BackendEnv>();
  // backend-api.md §8: 200 text/plain `Pong!`.
  routes.get('/v1/ping', (c) => c.text('Pong!'));
  routes.route('/', profileRoutes(deps, { accounts, sessions, events, limits: kit.limits, log: kit.log, invitations }));
  routes.route('/', adminRoutes(kit, { invitations, schema, realtimeSockets, deleteAccount }));
  routes.route('/', libraryAccessRoutes(deps));
  routes.route('/', securityRoutes(kit));
  routes.route('/', mfaRoutes(kit));
  routes.route('/', emailFlowRoutes(kit, { invitations }));
  // Before the session routes: GET /v1/account/sessions/oauth2/{provider} is a navigation, not a session read.
  routes.route('/', oauthRoutes(deps, { accounts, sessions, invitations }));
  routes.route('/', sessionRoutes(deps, kit));
  return routes;
}
