import { Hono } from 'hono';
import { z } from 'zod';
import { adminCommandMain, askAdminListener, withDataFolderDb, type AdminIo } from '../../admin-command.js';
import type { Queryable } from '../../db/db.js';
import { silentLogger } from '../../log.js';
import { isAdminLabels } from '../auth/admins.js';
import { createEventBus } from '../realtime/event-bus.js';
import { loadSchema } from '../schema/appwrite-schema.js';
import { createAccountDeletion, type AccountDeletion } from './account-deletion.js';
import { adminStore } from './admin.store.js';
import { usersStore } from './users.store.js';

export const USERS_USAGE = `usage: npm run admin -- users list|promote <email>|demote <email>|delete <email>
  list prints every account (email, name, admin, blocked); promote makes the account an administrator
  of this server (its Admin page), demote takes that back; delete deletes the account with its playlists
  and favourites, and signs it out everywhere.`;

export class UsersCommandError extends Error {
  override name = 'UsersCommandError';
}

const ON_ACCOUNT = ['promote', 'demote', 'delete'] as const;
type UsersCommand = { action: 'list' } | { action: (typeof ON_ACCOUNT)[number]; email: string };
const onAccount = (action: string): action is (typeof ON_ACCOUNT)[number] => (ON_ACCOUNT as readonly string[]).includes(action);

export function parseUsersCommand(argv: readonly string[]): UsersCommand | null {
  const [action, ...rest] = argv;
  if (action === undefined || action === 'help' || action === '--help' || action === '-h') return null;
  if (action === 'list' && rest.length === 0) return { action };
  if (onAccount(action) && rest.length === 1) return { action, email: rest[0]! };
  throw new UsersCommandError(
    action === 'list' || onAccount(action) ? `users ${action} takes ${action === 'list' ? 'no argument' : 'one <email>'}` : `unknown command users ${JSON.stringify(action)}`,
  );
}

export interface ListedUser {
  email: string;
  name: string;
  admin: boolean;
  blocked: boolean;
}

/**
 * The actions, on whichever database the command reaches (the server's, or the data folder's own);
 * `deleteAccount` deletes as the Admin page does (its realtime sockets close at once).
 */
export async function runUsersCommand(db: Queryable, cmd: UsersCommand, at: Date, deleteAccount?: AccountDeletion): Promise<string[]> {
  if (cmd.action === 'list') {
    const rows = await adminStore(db).listUsers(at);
    if (rows.length === 0) return ['no accounts yet'];
    return rows.map(({ user }) => [user.email ?? user.phone, user.name, isAdminLabels(user.labels) ? 'admin' : '', user.status ? '' : 'blocked'].filter(Boolean).join('\t'));
  }
  const user = await usersStore(db).byEmail(cmd.email);
  if (!user) throw new UsersCommandError(`no account has the email ${cmd.email}`);
  if (cmd.action === 'delete') {
    if (!deleteAccount) throw new UsersCommandError('users delete needs the server or the data folder');
    await deleteAccount(user.id);
    return [`${user.email} is deleted, with its playlists and favourites, and signed out everywhere`];
  }
  await adminStore(db).setAdmin(user.id, cmd.action === 'promote', at);
  return [cmd.action === 'promote' ? `${user.email} is an administrator` : `${user.email} is no longer an administrator`];
}

const Body = z.union([z.object({ action: z.literal('list') }), z.object({ action: z.enum(ON_ACCOUNT), email: z.string().min(1) })]);

/** `POST /admin/users` on the loopback admin listener (behind its token): the command's action, its output lines. */
export function usersAdminRoutes(db: Queryable, now: () => number, deleteAccount: AccountDeletion): Hono {
  const app = new Hono();
  app.post('/admin/users', async (c) => {
    const body = Body.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'body must be {"action": "list"} or {"action": "promote"|"demote"|"delete", "email": "..."}' }, 400);
    try {
      return c.json({ lines: await runUsersCommand(db, body.data, new Date(now()), deleteAccount) });
    } catch (e) {
      if (e instanceof UsersCommandError) return c.json({ error: e.message }, 404);
      throw e;
    }
  });
  return app;
}

const remote = (url: string, token: string, cmd: UsersCommand): Promise<string[]> =>
  askAdminListener<{ lines: string[] }, string[]>(url, '/admin/users', token, JSON.stringify(cmd), UsersCommandError, (body) => body.lines);

/** `admin users ...`; resolves to the exit code (0 done, 1 failed, 2 wrong command line). */
export const usersAdminMain = (argv: readonly string[], env: Record<string, string | undefined>, io: AdminIo): Promise<number> =>
  adminCommandMain(argv, env, io, {
    parse: parseUsersCommand,
    usage: USERS_USAGE,
    failure: UsersCommandError,
    remote,
    local: (config, cmd) =>
      withDataFolderDb(config, ['backend'], (db) => {
        // No server here to hear it; on PostgreSQL the session-end event still reaches the instances running elsewhere.
        const events = createEventBus({ config, db, log: silentLogger, now: Date.now });
        const deleteAccount = createAccountDeletion({ db, now: Date.now, events, schema: loadSchema() });
        return runUsersCommand(db, cmd, new Date(), deleteAccount);
      }),
    print: (lines) => lines,
  });
