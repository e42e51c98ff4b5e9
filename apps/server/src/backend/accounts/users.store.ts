import type { Queryable } from '../../db/db.js';

export interface UserRow {
  id: string;
  email: string | null;
  name: string;
  password_hash: string | null;
  prefs: unknown;
  labels: string[];
  status: boolean;
  email_verification: boolean;
  registration: Date;
  password_update: Date | null;
  accessed_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface NewUser {
  id: string;
  email: string | null;
  name: string;
  passwordHash: string | null;
  emailVerification: boolean;
  at: Date;
}

/** SQL for `users`; nothing but queries. Emails compare case-insensitively. */
export const usersStore = (db: Queryable) => ({
  /** Null when the id or the email is taken. */
  async insert(u: NewUser): Promise<UserRow | null> {
    const [row] = await db.query<UserRow>(
      `insert into users (id, email, name, password_hash, email_verification, registration,
         password_update, accessed_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6::timestamptz, case when $4::text is null then null else $6::timestamptz end,
         $6::timestamptz, $6::timestamptz, $6::timestamptz)
       on conflict do nothing returning *`,
      [u.id, u.email, u.name, u.passwordHash, u.emailVerification, u.at],
    );
    return row ?? null;
  },

  async byId(id: string): Promise<UserRow | null> {
    const [row] = await db.query<UserRow>('select * from users where id = $1', [id]);
    return row ?? null;
  },

  async byEmail(email: string): Promise<UserRow | null> {
    const [row] = await db.query<UserRow>('select * from users where lower(email) = lower($1)', [email]);
    return row ?? null;
  },

  async update(
    id: string,
    at: Date,
    set: { name?: string; prefs?: Record<string, unknown>; emailVerification?: boolean; passwordHash?: string },
  ): Promise<UserRow | null> {
    const [row] = await db.query<UserRow>(
      `update users set
         name = coalesce($3::text, name),
         prefs = coalesce($4::jsonb, prefs),
         email_verification = coalesce($5::boolean, email_verification),
         password_hash = coalesce($6::text, password_hash),
         password_update = case when $6::text is null then password_update else $2::timestamptz end,
         updated_at = $2::timestamptz
       where id = $1 returning *`,
      [id, at, set.name ?? null, set.prefs ?? null, set.emailVerification ?? null, set.passwordHash ?? null],
    );
    return row ?? null;
  },

  /** `accessedAt` moves at most once a day (backend-api.md §3), so reads stay reads. */
  async touchAccess(id: string, at: Date): Promise<Date | null> {
    const [row] = await db.query<{ accessed_at: Date }>(
      `update users set accessed_at = $2
       where id = $1 and accessed_at < $2::timestamptz - interval '1 day' returning accessed_at`,
      [id, at],
    );
    return row?.accessed_at ?? null;
  },
});
