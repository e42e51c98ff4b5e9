import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import { requireUser, type BackendEnv } from '../auth/caller.js';
import { readBody, requireString, resolveId } from '../http/params.js';
import type { EventBus } from '../realtime/event-bus.js';
import { sessionsEndedEvent } from '../realtime/session-end.js';
import type { CreationLimits } from '../auth/creation-limits.js';
import { clientIp } from '../http/request-info.js';
import { accountEvent } from './account-events.js';
import { accountErrors } from './errors.js';
import type { Accounts } from './accounts.js';
import type { Invitations } from './invitations.js';
import { appwriteTime, identityModel, userModel } from './models.js';
import { emailParam, nameParam, passwordParam, prefsParam } from './validation.js';
import type { AccountLog } from './account-log.js';
import type { Sessions } from './sessions.js';
import { targetsStore } from './targets.store.js';

/** /v1/account: sign-up, the current user, prefs, name, password, identities (backend-api.md §3). */
export function profileRoutes(
  deps: Deps,
  {
    accounts,
    sessions,
    events,
    limits,
    log,
    invitations,
  }: { accounts: Accounts; sessions: Sessions; events: EventBus; limits: CreationLimits; log: AccountLog; invitations: Invitations },
) {
  const routes = new Hono<BackendEnv>();
  const targets = targetsStore(deps.db);
  const now = () => appwriteTime(new Date(deps.now()));
  const publish = async (userId: string, action: string, user: ReturnType<typeof userModel>) =>
    events.publish(accountEvent(userId, null, action, user, now()));

  routes.get('/v1/account', async (c) => {
    const { userId } = requireUser(c.var.caller);
    return c.json(userModel(await accounts.get(userId), await targets.listForUser(userId)));
  });

  routes.post('/v1/account', async (c) => {
    const body = await readBody(c);
    const id = resolveId('userId', requireString(body, 'userId'), deps.now());
    const email = emailParam(body);
    const password = passwordParam(body);
    const name = nameParam(body, false);
    if (deps.config.SIGNUPS === 'closed') throw accountErrors.signUpsClosed();
    const wait = await limits.take('signUp', clientIp(c, deps.config));
    if (wait > 0) throw accountErrors.rateLimited(wait);
    // SIGNUPS=invite: the body's `invitation` (the secret of an admin's link) pays for the account,
    // except the first one on a fresh server, which becomes its administrator.
    const user = await invitations.admit(body.invitation, () => accounts.signUp({ id, email, password, name }));
    await log(c, user.id, 'user.create');
    return c.json(userModel(user), 201);
  });

  routes.get('/v1/account/prefs', async (c) => {
    const { userId } = requireUser(c.var.caller);
    return c.json(userModel(await accounts.get(userId)).prefs);
  });

  routes.patch('/v1/account/prefs', async (c) => {
    const { userId } = requireUser(c.var.caller);
    const prefs = prefsParam(await readBody(c));
    const user = userModel(await accounts.update(userId, { prefs }));
    await publish(userId, 'update.prefs', user);
    return c.json(user);
  });

  routes.patch('/v1/account/name', async (c) => {
    const { userId } = requireUser(c.var.caller);
    const name = nameParam(await readBody(c), true);
    const user = userModel(await accounts.update(userId, { name }));
    await publish(userId, 'update.name', user);
    return c.json(user);
  });

  /**
   * As Appwrite with the project's session invalidation on: the caller's
   * session stays, every other one ends, and their realtime sockets close.
   */
  routes.patch('/v1/account/password', async (c) => {
    const { userId, sessionId } = requireUser(c.var.caller);
    const body = await readBody(c);
    const password = passwordParam(body);
    const oldPassword = typeof body.oldPassword === 'string' ? body.oldPassword : undefined;
    const user = userModel(await accounts.changePassword(userId, password, oldPassword));
    const ended = await sessions.deleteOthers(userId, sessionId);
    if (ended.length > 0) await events.publish(sessionsEndedEvent({ userId, sessionIds: ended }, now()));
    await log(c, userId, 'user.update.password');
    await publish(userId, 'update.password', user);
    return c.json(user);
  });

  routes.get('/v1/account/identities', async (c) => {
    const { userId } = requireUser(c.var.caller);
    const rows = await accounts.identities.listForUser(userId);
    const identities = rows.map(identityModel);
    return c.json({ total: identities.length, identities });
  });

  return routes;
}
