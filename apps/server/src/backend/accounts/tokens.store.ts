import type { Queryable } from '../../db/db.js';

export interface TokenRow {
  id: string;
  user_id: string;
  type: string;
  provider: string;
  provider_uid: string;
  expire: Date;
}

/** SQL for one-time `tokens` (OAuth2 token flow). */
export const tokensStore = (db: Queryable) => ({
  insert: (t: {
    id: string;
    userId: string;
    secretHash: string;
    type: string;
    provider: string;
    providerUid: string;
    expire: Date;
    at: Date;
  }) =>
    db.query(
      `insert into tokens (id, user_id, secret_hash, type, provider, provider_uid, expire, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [t.id, t.userId, t.secretHash, t.type, t.provider, t.providerUid, t.expire, t.at],
    ),

  /**
   * Deletes and returns the user's token with this secret. Deleting first makes
   * the token single-use even when two requests race: only one gets the row.
   * An expired token is deleted too, and reported as missing.
   */
  async consume(userId: string, secretHash: string, at: Date): Promise<TokenRow | null> {
    const [row] = await db.query<TokenRow>(
      `delete from tokens where user_id = $1 and secret_hash = $2
       returning id, user_id, type, provider, provider_uid, expire`,
      [userId, secretHash],
    );
    return row && row.expire.getTime() > at.getTime() ? row : null;
  },

  purgeExpired: (at: Date) => db.query('delete from tokens where expire <= $1', [at]),
});
