import type { Queryable } from '../../db/db.js';
import { ADMIN_LABEL } from '../auth/admins.js';
import type { Schema } from '../schema/appwrite-schema.js';
import { quoteIdent, tableName } from '../schema/sql-names.js';
import type { SessionRow } from './sessions.store.js';
import type { UserRow } from './users.store.js';

/** A user as the admin page lists them: the row, its live sessions and when it was last active. */
export interface AdminUserRow {
  user: UserRow;
  sessions: SessionRow[];
  lastActivity: Date;
}

const USER_COLUMNS = `id, email, name, null::text as password_hash, prefs, labels, status, email_verification, phone,
  phone_verification, mfa, '{}'::text[] as mfa_recovery_codes, registration, password_update, accessed_at, created_at, updated_at`;
const SESSION_COLUMNS = 'id, user_id, provider, provider_uid, factors, ip, user_agent, expire, mfa_updated_at, created_at, updated_at';

/** SQL of the administration routes (accounts/admin.routes.ts) and `npm run admin -- users`. */
export const adminStore = (db: Queryable) => ({
  /** Accounts with an email or phone (anonymous visitors are not listed), oldest first. */
  async listUsers(at: Date): Promise<AdminUserRow[]> {
    const users = await db.query<UserRow>(
      `select ${USER_COLUMNS} from users where email is not null or phone is not null order by created_at, id`,
    );
    if (users.length === 0) return [];
    const ids = users.map((u) => u.id);
    const sessions = await db.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where user_id = any($1::text[]) and expire > $2 order by updated_at desc`,
      [ids, at],
    );
    const logs = await db.query<{ user_id: string; last: Date }>(
      'select user_id, max(created_at) as last from account_logs where user_id = any($1::text[]) group by user_id',
      [ids],
    );
    const lastLog = new Map(logs.map((l) => [l.user_id, new Date(l.last)]));
    return users.map((user) => {
      const own = sessions.filter((s) => s.user_id === user.id);
      const times = [user.accessed_at, ...own.map((s) => s.updated_at), lastLog.get(user.id)].filter((d): d is Date => d !== undefined);
      return { user, sessions: own, lastActivity: new Date(Math.max(...times.map((d) => d.getTime()))) };
    });
  },

  /** Adds or removes the admin label; null when there is no such user. */
  async setAdmin(userId: string, admin: boolean, at: Date): Promise<UserRow | null> {
    const [row] = await db.query<UserRow>(
      `update users set labels = case when $2::boolean
           then (select array_agg(distinct l) from unnest(array_append(labels, '${ADMIN_LABEL}')) as l)
           else array_remove(labels, '${ADMIN_LABEL}') end,
         updated_at = $3
       where id = $1 returning *`,
      [userId, admin, at],
    );
    return row ?? null;
  },

  /** Whether a first account has claimed the server (a fresh server takes its first sign-up without an invitation). */
  async claimed(): Promise<boolean> {
    return (await db.query('select 1 from admin_claim')).length > 0;
  },

  /** How many administrators there are. */
  async countAdmins(): Promise<number> {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from users where '${ADMIN_LABEL}' = any(labels)`);
    return row!.n;
  },

  /**
   * Deletes the user and the documents they own: those whose permissions let
   * them change or delete it (playlists, favourites, plays, requests). The
   * user's sessions, tokens, logs and Subsonic keys go with the row (cascade).
   * False when there is no such user.
   */
  async deleteUser(userId: string, schema: Schema): Promise<boolean> {
    const own = ['update', 'delete', 'write'].map((a) => `${a}("user:${userId}")`);
    for (const collection of schema.file.collections) {
      await db.query(`delete from ${quoteIdent(tableName(collection.$id))} where "$permissions" && $1::text[]`, [own]);
    }
    return (await db.query('delete from users where id = $1 returning id', [userId])).length > 0;
  },
});
