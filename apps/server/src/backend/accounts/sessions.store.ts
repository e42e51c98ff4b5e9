import type { Queryable } from '../../db/db.js';
import type { UserRow } from './users.store.js';

export interface SessionRow {
  id: string;
  user_id: string;
  provider: string;
  provider_uid: string;
  factors: string[];
  ip: string;
  user_agent: string;
  expire: Date;
  /** When the session last passed an MFA challenge. */
  mfa_updated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewSession {
  id: string;
  userId: string;
  secretHash: string;
  provider: string;
  providerUid: string;
  factors: string[];
  ip: string;
  userAgent: string;
  expire: Date;
  at: Date;
}

const COLUMNS = 's.id, s.user_id, s.provider, s.provider_uid, s.factors, s.ip, s.user_agent, s.expire, s.mfa_updated_at, s.created_at, s.updated_at';

/** A live session with its user (password material left out) and whether the user has a verified authenticator. */
export interface LiveSession {
  session: SessionRow;
  user: UserRow;
  totp: boolean;
}

/** The user's unexpired session matching `match` ($2), with its user: params are [userId, $2's value, now]. */
async function liveSession(db: Queryable, match: string, params: [string, string, Date]): Promise<LiveSession | null> {
  const [row] = await db.query<{ s: SessionRow; u: UserRow; totp: boolean }>(
    `select to_jsonb(s) - 'secret_hash' as s, to_jsonb(u) - 'password_hash' - 'mfa_recovery_codes' as u,
       exists (select 1 from authenticators a where a.user_id = u.id and a.verified) as totp
     from sessions s join users u on u.id = s.user_id
     where s.user_id = $1 and ${match} and s.expire > $3`,
    params,
  );
  return row ? { session: reviveSession(row.s), user: reviveUser(row.u), totp: row.totp } : null;
}

/** SQL for `sessions`. "Live" = not expired at the given instant. */
export const sessionsStore = (db: Queryable) => ({
  async insert(s: NewSession): Promise<SessionRow> {
    const [row] = await db.query<SessionRow>(
      `insert into sessions as s (id, user_id, secret_hash, provider, provider_uid, factors, ip, user_agent,
         expire, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning ${COLUMNS}`,
      [s.id, s.userId, s.secretHash, s.provider, s.providerUid, s.factors, s.ip, s.userAgent, s.expire, s.at],
    );
    return row!;
  },

  /** The live session holding this secret for this user, with its user. */
  findLive(userId: string, secretHash: string, at: Date): Promise<LiveSession | null> {
    return liveSession(db, 's.secret_hash = $2', [userId, secretHash, at]);
  },

  /** The live session by id (a JWT names its session), with its user. */
  findLiveById(userId: string, sessionId: string, at: Date): Promise<LiveSession | null> {
    return liveSession(db, 's.id = $2', [userId, sessionId, at]);
  },

  /** Adds factors to a session; `challenged` also stamps mfa_updated_at (a passed MFA challenge). */
  async addFactors(id: string, factors: string[], at: Date, challenged: boolean): Promise<SessionRow | null> {
    const [row] = await db.query<SessionRow>(
      `update sessions s set
         factors = array(select f from unnest(s.factors || $2::text[]) with ordinality t(f, i) group by f order by min(i)),
         mfa_updated_at = case when $4::boolean then $3::timestamptz else s.mfa_updated_at end,
         updated_at = $3::timestamptz
       where s.id = $1 returning ${COLUMNS}`,
      [id, factors, at, challenged],
    );
    return row ?? null;
  },

  /** Ends every session of the user but `keepId` (null: all); the ids that ended. */
  async deleteAllBut(userId: string, keepId: string | null): Promise<string[]> {
    const rows = await db.query<{ id: string }>(
      'delete from sessions where user_id = $1 and ($2::text is null or id <> $2) returning id',
      [userId, keepId],
    );
    return rows.map((r) => r.id);
  },

  listLive: (userId: string, at: Date) =>
    db.query<SessionRow>(
      `select ${COLUMNS} from sessions s where s.user_id = $1 and s.expire > $2 order by s.created_at, s.id`,
      [userId, at],
    ),

  /** Of these session ids, those unexpired and of an account that is not blocked. */
  async liveIds(ids: string[], at: Date): Promise<Set<string>> {
    const rows = await db.query<{ id: string }>(
      'select s.id from sessions s join users u on u.id = s.user_id where s.id = any($1::text[]) and s.expire > $2 and u.status',
      [ids, at],
    );
    return new Set(rows.map((r) => r.id));
  },

  async getLive(id: string, userId: string, at: Date): Promise<SessionRow | null> {
    const [row] = await db.query<SessionRow>(
      `select ${COLUMNS} from sessions s where s.id = $1 and s.user_id = $2 and s.expire > $3`,
      [id, userId, at],
    );
    return row ?? null;
  },

  async extend(id: string, expire: Date, at: Date): Promise<SessionRow | null> {
    const [row] = await db.query<SessionRow>(
      `update sessions s set expire = $2, updated_at = $3 where s.id = $1 returning ${COLUMNS}`,
      [id, expire, at],
    );
    return row ?? null;
  },

  async delete(id: string, userId: string): Promise<boolean> {
    const rows = await db.query('delete from sessions where id = $1 and user_id = $2 returning id', [id, userId]);
    return rows.length > 0;
  },

  deleteAll: (userId: string) => db.query('delete from sessions where user_id = $1', [userId]),

  /** Keeps the user's newest `keep` sessions and drops expired ones (Appwrite's session limit). */
  trim: (userId: string, keep: number, at: Date) =>
    db.query(
      `delete from sessions where user_id = $1 and (expire <= $3 or id not in (
         select id from sessions where user_id = $1 order by created_at desc, id desc limit $2))`,
      [userId, keep, at],
    ),
});

/** to_jsonb turns timestamps into strings; put the Date objects back. */
const date = (v: unknown) => new Date(v as string);
const reviveSession = (s: SessionRow): SessionRow => ({
  ...s,
  expire: date(s.expire),
  mfa_updated_at: s.mfa_updated_at === null || s.mfa_updated_at === undefined ? null : date(s.mfa_updated_at),
  created_at: date(s.created_at),
  updated_at: date(s.updated_at),
});
const reviveUser = (u: UserRow): UserRow => ({
  ...u,
  password_hash: null,
  mfa_recovery_codes: [],
  registration: date(u.registration),
  password_update: u.password_update === null ? null : date(u.password_update),
  accessed_at: date(u.accessed_at),
  created_at: date(u.created_at),
  updated_at: date(u.updated_at),
});
