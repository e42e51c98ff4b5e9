import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { requireAdmin, isAdminLabels } from '../auth/admins.js';
import type { BackendEnv } from '../auth/caller.js';
import { newSecret } from '../auth/secrets.js';
import { readBody } from '../http/params.js';
import { sessionsEndedEvent } from '../realtime/session-end.js';
import type { Schema } from '../schema/appwrite-schema.js';
import type { AccountDeletion } from './account-deletion.js';
import { kitHelpers, type AccountKit } from './account-kit.js';
import { accountEvent } from './account-events.js';
import { adminStore, type AdminUserRow } from './admin.store.js';
import { AppwriteError } from '../http/errors.js';
import { RECOVERY_TTL_MS } from './email-flows.routes.js';
import { accountErrors } from './errors.js';
import { invitationModel, invitationParams, type Invitations } from './invitations.js';
import { invitationsStore } from './invitations.store.js';
import { mailedLink } from './links.js';
import { appwriteTime, sessionModel, userModel } from './models.js';
import { optionalBoolean, requireBoolean } from './validation.js';

/** The server's version, from apps/server/package.json. */
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const STARTED_AT = Date.now();

export interface AdminRouteOptions {
  invitations: Invitations;
  /** Deletes an account, its documents, and closes its realtime sockets on every instance. */
  deleteAccount: AccountDeletion;
  schema: Schema;
  /** Open realtime sockets on this instance. */
  realtimeSockets: () => number;
}

const selfAction = (what: string) =>
  new AppwriteError(400, 'general_argument_invalid', `You cannot ${what} your own account: ask another administrator.`);

/** A listed user: the User model plus whether they are an administrator, their devices and last activity. */
function adminUserModel({ user, sessions, lastActivity }: AdminUserRow) {
  return {
    ...userModel(user),
    admin: isAdminLabels(user.labels),
    lastActivity: appwriteTime(lastActivity),
    devices: sessions.map((s) => sessionModel(s, null)),
  };
}

/**
 * The administration API (backend-api.md §11), for signed-in administrators
 * only: every route checks the caller first (guests 401, other accounts 403).
 *   GET    /v1/admin/users                     accounts with devices and last activity
 *   PATCH  /v1/admin/users/:id/status {status} block (sessions end, realtime closes) or unblock
 *   PATCH  /v1/admin/users/:id/admin {admin}   promote or demote
 *   POST   /v1/admin/users/:id/recovery {mail?} a password-reset link, mailed when asked
 *   DELETE /v1/admin/users/:id                 the account and the documents it owns
 *   GET    /v1/admin/invitations               POST {maxUses?, hours?}   DELETE /:id
 *   GET    /v1/admin/server                    version, database engine, uptime, memory, realtime sockets, music folder
 */
export function adminRoutes(kit: AccountKit, opts: AdminRouteOptions) {
  const { deps, accounts, sessions, events, log } = kit;
  const { linkOrigin, mail } = kitHelpers(kit);
  const store = adminStore(deps.db);
  const invitations = invitationsStore(deps.db);
  const routes = new Hono<BackendEnv>();
  const at = () => new Date(deps.now());

  routes.use('/v1/admin/*', async (c, next) => {
    requireAdmin(c.var.caller);
    await next();
  });

  const target = async (c: Context<BackendEnv>) => {
    const user = await accounts.users.byId(c.req.param('userId') ?? '');
    if (!user) throw accountErrors.userNotFound();
    return user;
  };
  const notSelf = (c: Context<BackendEnv>, userId: string, what: string) => {
    if (userId === c.var.caller.userId) throw selfAction(what);
  };
  const endSessions = async (userId: string) => {
    await sessions.deleteAll(userId);
    await events.publish(sessionsEndedEvent({ userId, sessionIds: null }, appwriteTime(at())));
  };

  routes.get('/v1/admin/users', async (c) => {
    const users = (await store.listUsers(at())).map(adminUserModel);
    return c.json({ total: users.length, users });
  });

  routes.patch('/v1/admin/users/:userId/status', async (c) => {
    const status = requireBoolean(await readBody(c), 'status');
    const user = await target(c);
    if (!status) notSelf(c, user.id, 'block');
    const row = await accounts.update(user.id, { status });
    // Blocking ends every session of the account, and with them its realtime sockets.
    if (!status) await endSessions(user.id);
    await log(c, user.id, 'user.update.status');
    await events.publish(accountEvent(user.id, null, 'update.status', userModel(row), appwriteTime(at())));
    return c.json(userModel(row));
  });

  routes.patch('/v1/admin/users/:userId/admin', async (c) => {
    const admin = requireBoolean(await readBody(c), 'admin');
    const user = await target(c);
    if (!admin) notSelf(c, user.id, 'demote');
    if (admin && !user.email) throw new AppwriteError(400, 'general_argument_invalid', 'An anonymous account cannot be an administrator.');
    const row = (await store.setAdmin(user.id, admin, at()))!;
    await log(c, user.id, 'user.update.labels');
    return c.json(userModel(row));
  });

  routes.post('/v1/admin/users/:userId/recovery', async (c) => {
    const mailIt = optionalBoolean(await readBody(c), 'mail') ?? false;
    const user = await target(c);
    if (!user.email) throw new AppwriteError(400, 'general_argument_invalid', 'This account has no email to reset a password for.');
    const token = await accounts.createToken({ userId: user.id, type: 'recovery', secret: newSecret(), ttlMs: RECOVERY_TTL_MS });
    const link = mailedLink(`${linkOrigin(c)}/recovery`, { userId: user.id, secret: token.secret, expire: appwriteTime(token.expire) });
    if (mailIt) await mail(user.email, { kind: 'recovery', name: user.name, link });
    await log(c, user.id, 'recovery.create');
    return c.json({ userId: user.id, link, mailed: mailIt, expire: appwriteTime(token.expire) }, 201);
  });

  routes.delete('/v1/admin/users/:userId', async (c) => {
    await readBody(c);
    const user = await target(c);
    notSelf(c, user.id, 'delete');
    await opts.deleteAccount(user.id);
    return c.body(null, 204);
  });

  routes.get('/v1/admin/invitations', async (c) => {
    const now = deps.now();
    const list = (await invitations.list()).map((r) => invitationModel(r, now));
    return c.json({ total: list.length, invitations: list });
  });

  routes.post('/v1/admin/invitations', async (c) => {
    const params = invitationParams(await readBody(c));
    return c.json(await opts.invitations.create({ ...params, createdBy: c.var.caller.userId }, linkOrigin(c)), 201);
  });

  routes.delete('/v1/admin/invitations/:invitationId', async (c) => {
    await readBody(c);
    if (!(await invitations.delete(c.req.param('invitationId')))) {
      throw new AppwriteError(404, 'user_invitation_invalid', 'Invitation with the requested ID could not be found.');
    }
    return c.body(null, 204);
  });

  routes.get('/v1/admin/server', (c) => {
    const memory = process.memoryUsage();
    return c.json({
      version: VERSION,
      database: deps.db.engine,
      signUps: deps.config.SIGNUPS,
      access: deps.config.ACCESS,
      uptimeSeconds: Math.round((Date.now() - STARTED_AT) / 1000),
      memory: { rss: memory.rss, heapUsed: memory.heapUsed },
      realtimeConnections: opts.realtimeSockets(),
      musicFolder: deps.config.MUSIC_DIR,
    });
  });

  return routes;
}
