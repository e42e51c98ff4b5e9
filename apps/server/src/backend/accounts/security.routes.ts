import { Hono } from 'hono';
import { requireUser, type BackendEnv } from '../auth/caller.js';
import { createServerJwt, JWT_DEFAULT_SECONDS, JWT_MAX_SECONDS } from '../auth/jwt.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { decodeQueries, queryError } from '../documents/query/raw-query.js';
import { booleanParam, queriesFromUrl } from '../documents/request-params.js';
import { checkLength, invalidParam, readBody, requireString, resolveId, type Params } from '../http/params.js';
import { userAgent } from '../http/request-info.js';
import { sessionsEndedEvent } from '../realtime/session-end.js';
import { accountEvent } from './account-events.js';
import { kitHelpers, type AccountKit } from './account-kit.js';
import { accountErrors } from './errors.js';
import { logsStore } from './logs.store.js';
import { appwriteTime, logModel, targetModel, userModel } from './models.js';
import { clearSessionCookies } from './session-cookies.js';
import { targetsStore } from './targets.store.js';
import { parseUserAgent } from './user-agent.js';
import { emailParam, idParam, passwordParam, phoneParam } from './validation.js';

/**
 * The rest of /v1/account (backend-api.md §3): email and phone changes,
 * identity removal, JWTs, the account log, blocking one's own account, push
 * targets.
 */
export function securityRoutes(kit: AccountKit) {
  const { deps, accounts, sessions, events, log } = kit;
  const { limit } = kitHelpers(kit);
  const logs = logsStore(deps.db);
  const targets = targetsStore(deps.db);
  const jwt = createServerJwt(deps);
  const at = () => new Date(deps.now());
  const now = () => appwriteTime(at());
  const publish = (userId: string, action: string, user: ReturnType<typeof userModel>) =>
    events.publish(accountEvent(userId, null, action, user, now()));
  const routes = new Hono<BackendEnv>();

  /**
   * The password check of an email or phone change: required when the account
   * has one; an account without (OAuth, magic URL) gets this one as its password.
   */
  async function passwordFor(userId: string, password: string): Promise<string | null> {
    const user = await accounts.get(userId);
    if (!user.password_hash) return hashPassword(password);
    if (!(await verifyPassword(password, user.password_hash))) throw accountErrors.invalidCredentials();
    return null;
  }

  /** PATCH /v1/account/email and /phone: the new contact, confirmed by the password; another account's is a 409. */
  const contacts = {
    email: { read: (body: Params) => emailParam(body).toLowerCase(), taken: accountErrors.emailAlreadyExists },
    phone: { read: (body: Params) => phoneParam(body), taken: accountErrors.phoneAlreadyExists },
  };
  for (const kind of ['email', 'phone'] as const) {
    routes.patch(`/v1/account/${kind}`, async (c) => {
      const { userId } = requireUser(c.var.caller);
      const body = await readBody(c);
      const value = contacts[kind].read(body);
      const password = passwordParam(body);
      const hash = await passwordFor(userId, password);
      const row = await accounts.users.setContact(userId, at(), kind, value, hash);
      if (row === 'taken') throw contacts[kind].taken();
      if (!row) throw accountErrors.userNotFound();
      const user = userModel(row);
      await log(c, userId, `user.update.${kind}`);
      await publish(userId, `update.${kind}`, user);
      return c.json(user);
    });
  }

  routes.delete('/v1/account/identities/:identityId', async (c) => {
    const { userId } = requireUser(c.var.caller);
    await readBody(c);
    const id = c.req.param('identityId');
    if (!(await accounts.identities.delete(id, userId))) throw accountErrors.identityNotFound();
    await log(c, userId, 'identity.delete');
    return c.body(null, 204);
  });

  /** A JWT standing for the caller's session: 15 minutes by default, at most an hour (Appwrite's `duration`). */
  routes.post('/v1/account/jwts', async (c) => {
    const caller = requireUser(c.var.caller);
    const body = await readBody(c);
    if (caller.viaJwt) throw accountErrors.jwtCreationDenied();
    const duration = body.duration ?? JWT_DEFAULT_SECONDS;
    if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < 0 || duration > JWT_MAX_SECONDS) {
      throw invalidParam('duration', `Value must be a valid range between 0 and ${JWT_MAX_SECONDS.toLocaleString('en-US')}`);
    }
    await limit('jwt', [`user:${caller.userId}`]);
    return c.json({ jwt: await jwt.sign({ userId: caller.userId, sessionId: caller.sessionId }, duration) }, 201);
  });

  /** The account log, newest first; `limit` (default 25) and `offset` queries as Appwrite allows. */
  routes.get('/v1/account/logs', async (c) => {
    const { userId } = requireUser(c.var.caller);
    let limitN = 25;
    let offset = 0;
    for (const q of decodeQueries(queriesFromUrl(c.req.url))) {
      const n = q.values[0];
      if ((q.method !== 'limit' && q.method !== 'offset') || typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
        throw queryError(`Invalid query method: ${q.method}. Only limit and offset are allowed here.`);
      }
      if (q.method === 'limit') limitN = Math.min(n, 5000);
      else offset = Math.min(n, 100_000);
    }
    const total = booleanParam(c.req.url, 'total', true);
    const user = await accounts.get(userId);
    const rows = await logs.list(userId, limitN, offset);
    return c.json({
      total: total ? await logs.count(userId) : 0,
      logs: rows.map((r) => logModel(r, { name: user.name, email: user.email ?? '' })),
    });
  });

  /** Blocks the caller's own account: every session ends, and with them their realtime sockets. */
  routes.patch('/v1/account/status', async (c) => {
    const { userId } = requireUser(c.var.caller);
    await readBody(c);
    const user = userModel(await accounts.update(userId, { status: false }));
    await log(c, userId, 'user.update.status');
    await sessions.deleteAll(userId);
    await events.publish(sessionsEndedEvent({ userId, sessionIds: null }, now()));
    await publish(userId, 'update.status', user);
    clearSessionCookies(c, deps.config, deps.now());
    return c.json(user);
  });

  // Push targets.
  const identifierParam = (body: Record<string, unknown>) => checkLength('identifier', requireString(body, 'identifier'), 1, 255);

  routes.post('/v1/account/targets/push', async (c) => {
    const { userId } = requireUser(c.var.caller);
    const body = await readBody(c);
    const id = resolveId('targetId', requireString(body, 'targetId'), deps.now());
    const identifier = identifierParam(body);
    const providerId = body.providerId === undefined || body.providerId === null || body.providerId === '' ? null : idParam(body, 'providerId');
    const device = parseUserAgent(userAgent(c));
    const name = `${device.deviceBrand} ${device.deviceModel}`;
    const row = await targets.insert({ id, userId, providerId, identifier, name, at: at() });
    if (!row) throw accountErrors.targetAlreadyExists();
    await log(c, userId, 'target.create');
    return c.json(targetModel(row), 201);
  });

  routes.put('/v1/account/targets/:targetId/push', async (c) => {
    const { userId } = requireUser(c.var.caller);
    const body = await readBody(c);
    const identifier = identifierParam(body);
    const row = await targets.update(c.req.param('targetId'), userId, identifier, at());
    if (!row) throw accountErrors.targetNotFound();
    await log(c, userId, 'target.update');
    return c.json(targetModel(row));
  });

  routes.delete('/v1/account/targets/:targetId/push', async (c) => {
    const { userId } = requireUser(c.var.caller);
    await readBody(c);
    if (!(await targets.delete(c.req.param('targetId'), userId))) throw accountErrors.targetNotFound();
    await log(c, userId, 'target.delete');
    return c.body(null, 204);
  });

  return routes;
}
