import { request } from 'node:http';
import { Hono } from 'hono';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../config.js';
import type { Queryable } from '../../db/db.js';
import { liveAdminEndpoint } from '../../db/admin-file.js';
import { migrate } from '../../db/migrate.js';
import { openDatabase } from '../../db/open.js';
import { isAdminLabels } from '../auth/admins.js';
import { adminStore } from './admin.store.js';
import { usersStore } from './users.store.js';

export const USERS_USAGE = `usage: npm run admin -- users list|promote <email>|demote <email>
  list prints every account (email, name, admin, blocked); promote makes the account an administrator
  of this server (its Admin page), demote takes that back.`;

export class UsersCommandError extends Error {
  override name = 'UsersCommandError';
}

type UsersCommand = { action: 'list' } | { action: 'promote' | 'demote'; email: string };

export function parseUsersCommand(argv: readonly string[]): UsersCommand | null {
  const [action, ...rest] = argv;
  if (action === undefined || action === 'help' || action === '--help' || action === '-h') return null;
  if (action === 'list' && rest.length === 0) return { action };
  if ((action === 'promote' || action === 'demote') && rest.length === 1) return { action, email: rest[0]! };
  throw new UsersCommandError(
    action === 'list' || action === 'promote' || action === 'demote' ? `users ${action} takes ${action === 'list' ? 'no argument' : 'one <email>'}` : `unknown command users ${JSON.stringify(action)}`,
  );
}

export interface ListedUser {
  email: string;
  name: string;
  admin: boolean;
  blocked: boolean;
}

/** The actions, on whichever database the command reaches (the server's, or the data folder's own). */
export async function runUsersCommand(db: Queryable, cmd: UsersCommand, at: Date): Promise<string[]> {
  if (cmd.action === 'list') {
    const rows = await adminStore(db).listUsers(at);
    if (rows.length === 0) return ['no accounts yet'];
    return rows.map(({ user }) => [user.email ?? user.phone, user.name, isAdminLabels(user.labels) ? 'admin' : '', user.status ? '' : 'blocked'].filter(Boolean).join('\t'));
  }
  const user = await usersStore(db).byEmail(cmd.email);
  if (!user) throw new UsersCommandError(`no account has the email ${cmd.email}`);
  await adminStore(db).setAdmin(user.id, cmd.action === 'promote', at);
  return [cmd.action === 'promote' ? `${user.email} is an administrator` : `${user.email} is no longer an administrator`];
}

const Body = z.union([z.object({ action: z.literal('list') }), z.object({ action: z.enum(['promote', 'demote']), email: z.string().min(1) })]);

/** `POST /admin/users` on the loopback admin listener (behind its token): the command's action, its output lines. */
export function usersAdminRoutes(db: Queryable, now: () => number): Hono {
  const app = new Hono();
  app.post('/admin/users', async (c) => {
    const body = Body.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'body must be {"action": "list"} or {"action": "promote"|"demote", "email": "..."}' }, 400);
    try {
      return c.json({ lines: await runUsersCommand(db, body.data, new Date(now())) });
    } catch (e) {
      if (e instanceof UsersCommandError) return c.json({ error: e.message }, 404);
      throw e;
    }
  });
  return app;
}

function remote(url: string, token: string, cmd: UsersCommand): Promise<string[]> {
  const payload = JSON.stringify(cmd);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL('/admin/users', url),
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let body: { lines?: string[]; error?: string } = {};
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
          } catch {
            // answered below
          }
          if (res.statusCode === 200 && body.lines) resolve(body.lines);
          else reject(new UsersCommandError(body.error ?? `the server answered ${res.statusCode}`));
        });
      },
    );
    req.on('error', (e) => reject(new UsersCommandError(`the server at ${url} does not answer (${e.message})`)));
    req.end(payload);
  });
}

/** `admin users ...`; resolves to the exit code (0 done, 1 failed, 2 wrong command line). */
export async function usersAdminMain(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: { out(line: string): void; err(line: string): void },
): Promise<number> {
  let cmd: UsersCommand | null;
  try {
    cmd = parseUsersCommand(argv);
  } catch (e) {
    if (!(e instanceof UsersCommandError)) throw e;
    io.err(`error: ${e.message}`);
    io.err(USERS_USAGE);
    return 2;
  }
  if (!cmd) {
    io.err(USERS_USAGE);
    return 0;
  }
  try {
    const config = loadConfig(env);
    const endpoint = await liveAdminEndpoint(config.DATA_DIR);
    let lines: string[];
    if (endpoint) {
      if (endpoint.url === null) throw new UsersCommandError(`a server (pid ${endpoint.pid}) is starting on ${config.DATA_DIR}; try again in a moment`);
      lines = await remote(endpoint.url, endpoint.token, cmd);
    } else {
      const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
      try {
        await migrate(db, 'backend');
        lines = await runUsersCommand(db, cmd, new Date());
      } finally {
        await db.close();
      }
    }
    for (const line of lines) io.out(line);
    return 0;
  } catch (e) {
    if (e instanceof UsersCommandError || e instanceof ConfigError) {
      io.err(`error: ${e.message}`);
      return e instanceof ConfigError ? 2 : 1;
    }
    throw e;
  }
}
