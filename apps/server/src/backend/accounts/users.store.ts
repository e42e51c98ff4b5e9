import type { Queryable } from '../../db/db.js';
import { ADMIN_LABEL } from '../auth/admins.js';

export interface UserRow {
  id: string;
  email: string | null;
  name: string;
  password_hash: string | null;
  prefs: unknown;
  labels: string[];
  status: boolean;
  email_verification: boolean;
  phone: string | null;
  phone_verification: boolean;
  mfa: boolean;
  mfa_recovery_codes: string[];
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
  /**
   * Null when the id or the email is taken. The first account with an email on
   * a fresh server claims `admin_claim` in the same statement and is made an
   * administrator (auth/admins.ts); two sign-ups at once cannot both claim it.
   */
  async insert(u: NewUser): Promise<UserRow | null> {
    const [row] = await db.query<UserRow>(
      `with claim as (
         insert into admin_claim (one) select true where $2::text is not null on conflict do nothing returning one
       )
       insert into users (id, email, name, password_hash, email_verification, registration,
         password_update, accessed_at, created_at, updated_at, labels)
       values ($1, $2, $3, $4, $5, $6::timestamptz, case when $4::text is null then null else $6::timestamptz end,
         $6::timestamptz, $6::timestamptz, $6::timestamptz,
         case when exists (select 1 from claim) then array['${ADMIN_LABEL}']::text[] else '{}'::text[] end)
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
    set: {
      name?: string;
      prefs?: Record<string, unknown>;
      emailVerification?: boolean;
      passwordHash?: string;
      phoneVerification?: boolean;
      mfa?: boolean;
      recoveryCodes?: string[];
      status?: boolean;
    },
  ): Promise<UserRow | null> {
    const [row] = await db.query<UserRow>(
      `update users set
         name = coalesce($3::text, name),
         prefs = coalesce($4::jsonb, prefs),
         email_verification = coalesce($5::boolean, email_verification),
         password_hash = coalesce($6::text, password_hash),
         password_update = case when $6::text is null then password_update else $2::timestamptz end,
         phone_verification = coalesce($7::boolean, phone_verification),
         mfa = coalesce($8::boolean, mfa),
         mfa_recovery_codes = coalesce($9::text[], mfa_recovery_codes),
         status = coalesce($10::boolean, status),
         updated_at = $2::timestamptz
       where id = $1 returning *`,
      [
        id,
        at,
        set.name ?? null,
        set.prefs ?? null,
        set.emailVerification ?? null,
        set.passwordHash ?? null,
        set.phoneVerification ?? null,
        set.mfa ?? null,
        set.recoveryCodes ?? null,
        set.status ?? null,
      ],
    );
    return row ?? null;
  },

  /**
   * A new email or phone number (unverified again) and, when given, a
   * password; 'taken' when another user has it (compared ignoring case for emails).
   */
  async setContact(
    id: string,
    at: Date,
    kind: 'email' | 'phone',
    value: string,
    passwordHash: string | null,
  ): Promise<UserRow | 'taken' | null> {
    const same = kind === 'email' ? 'lower(email) = lower($1)' : 'phone = $1';
    if ((await db.query(`select 1 from users where ${same} and id <> $2`, [value, id])).length > 0) return 'taken';
    try {
      const [row] = await db.query<UserRow>(
        `update users set ${kind} = $3, ${kind}_verification = false,
           password_hash = coalesce($4::text, password_hash),
           password_update = case when $4::text is null then password_update else $2::timestamptz end,
           updated_at = $2::timestamptz
         where id = $1 returning *`,
        [id, at, value, passwordHash],
      );
      return row ?? null;
    } catch (err) {
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
  },

  /** Removes one recovery code; true when it was there (each code works once, even under races). */
  async spendRecoveryCode(id: string, code: string, at: Date): Promise<boolean> {
    const rows = await db.query(
      `update users set mfa_recovery_codes = array_remove(mfa_recovery_codes, $2), updated_at = $3
       where id = $1 and $2 = any(mfa_recovery_codes) returning id`,
      [id, code, at],
    );
    return rows.length > 0;
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

/** PostgreSQL's unique_violation (both engines report SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
