import type { Queryable } from '../../db/db.js';

export interface AuthenticatorRow {
  id: string;
  user_id: string;
  type: string;
  secret: string;
  verified: boolean;
}

export interface ChallengeRow {
  id: string;
  user_id: string;
  type: string;
  code_hash: string;
  expire: Date;
  created_at: Date;
}

/** SQL for `authenticators` (one TOTP authenticator per user) and `mfa_challenges`. */
export const mfaStore = (db: Queryable) => ({
  async authenticator(userId: string): Promise<AuthenticatorRow | null> {
    const [row] = await db.query<AuthenticatorRow>('select id, user_id, type, secret, verified from authenticators where user_id = $1', [userId]);
    return row ?? null;
  },

  /** Replaces an unverified authenticator (the caller checked none is verified). */
  async putAuthenticator(a: { id: string; userId: string; type: string; secret: string; at: Date }): Promise<void> {
    await db.query(
      `insert into authenticators (id, user_id, type, secret, verified, created_at, updated_at)
       values ($1, $2, $3, $4, false, $5, $5)
       on conflict (user_id) do update set id = excluded.id, type = excluded.type, secret = excluded.secret,
         verified = false, created_at = excluded.created_at, updated_at = excluded.updated_at
       where not authenticators.verified`,
      [a.id, a.userId, a.type, a.secret, a.at],
    );
  },

  async verifyAuthenticator(userId: string, at: Date): Promise<void> {
    await db.query('update authenticators set verified = true, updated_at = $2 where user_id = $1', [userId, at]);
  },

  async deleteAuthenticator(userId: string): Promise<boolean> {
    return (await db.query('delete from authenticators where user_id = $1 returning id', [userId])).length > 0;
  },

  async insertChallenge(c: { id: string; userId: string; type: string; codeHash: string; expire: Date; at: Date }): Promise<ChallengeRow> {
    await db.query('delete from mfa_challenges where expire <= $1', [c.at]);
    const [row] = await db.query<ChallengeRow>(
      `insert into mfa_challenges (id, user_id, type, code_hash, expire, created_at)
       values ($1, $2, $3, $4, $5, $6) returning *`,
      [c.id, c.userId, c.type, c.codeHash, c.expire, c.at],
    );
    return row!;
  },

  async challenge(id: string, userId: string): Promise<ChallengeRow | null> {
    const [row] = await db.query<ChallengeRow>('select * from mfa_challenges where id = $1 and user_id = $2', [id, userId]);
    return row ?? null;
  },

  /** True for the one request that deletes it: a challenge passes once. */
  async spendChallenge(id: string): Promise<boolean> {
    return (await db.query('delete from mfa_challenges where id = $1 returning id', [id])).length > 0;
  },
});

export type MfaStore = ReturnType<typeof mfaStore>;
