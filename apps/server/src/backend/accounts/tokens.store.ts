import type { Queryable } from '../../db/db.js';

export interface TokenRow {
  id: string;
  user_id: string;
  type: string;
  provider: string;
  provider_uid: string;
  expire: Date;
  created_at: Date;
}

/**
 * Token types (Appwrite's): the ones `POST /account/sessions/token` (and the
 * magic-URL / phone session routes) exchange for a session, and the ones only
 * their own route accepts.
 */
export const SESSION_TOKEN_TYPES = ['oauth2', 'magic-url', 'email', 'generic'] as const;
export type TokenType = (typeof SESSION_TOKEN_TYPES)[number] | 'recovery' | 'verification';

/** SQL for one-time `tokens` (OAuth2 token flow, magic URL, email codes, recovery, verification). */
export const tokensStore = (db: Queryable) => ({
  /** False when the user already holds a token with this secret (a repeated 6-digit code): pick another. */
  async insert(t: {
    id: string;
    userId: string;
    secretHash: string;
    type: TokenType;
    provider: string;
    providerUid: string;
    expire: Date;
    at: Date;
  }): Promise<boolean> {
    const rows = await db.query(
      `insert into tokens (id, user_id, secret_hash, type, provider, provider_uid, expire, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (user_id, secret_hash) do nothing returning id`,
      [t.id, t.userId, t.secretHash, t.type, t.provider, t.providerUid, t.expire, t.at],
    );
    return rows.length > 0;
  },

  /**
   * Deletes and returns the user's token with this secret, if it is of one of
   * `types`. Deleting first makes the token single-use even when two requests
   * race: only one gets the row. An expired token is deleted too, and reported
   * as missing.
   */
  async consume(userId: string, secretHash: string, types: readonly TokenType[], at: Date): Promise<TokenRow | null> {
    const [row] = await db.query<TokenRow>(
      `delete from tokens where user_id = $1 and secret_hash = $2 and type = any($3::text[])
       returning id, user_id, type, provider, provider_uid, expire, created_at`,
      [userId, secretHash, types],
    );
    return row && row.expire.getTime() > at.getTime() ? row : null;
  },

  purgeExpired: (at: Date) => db.query('delete from tokens where expire <= $1', [at]),
});
