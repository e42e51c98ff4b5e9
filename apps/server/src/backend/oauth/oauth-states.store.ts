import type { Queryable } from '../../db/db.js';

export interface OAuthStateRow {
  provider: string;
  mode: 'token' | 'session';
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  success: string;
  failure: string;
  expire: Date;
  /** The hash of the invitation the sign-in started from (SIGNUPS=invite), or null. */
  invitation_hash: string | null;
}

/** SQL for `oauth_states`: authorizations in flight, keyed by the hash of their state. */
export const oauthStatesStore = (db: Queryable) => ({
  insert: async (stateHash: string, s: OAuthStateRow, at: Date) => {
    await db.query('delete from oauth_states where expire <= $1', [at]);
    await db.query(
      `insert into oauth_states (state_hash, provider, mode, code_verifier, nonce, redirect_uri, success, failure,
         expire, created_at, invitation_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [stateHash, s.provider, s.mode, s.code_verifier, s.nonce, s.redirect_uri, s.success, s.failure, s.expire, at, s.invitation_hash],
    );
  },

  /** Deletes and returns the state: each authorization response is accepted at most once. */
  async take(stateHash: string): Promise<OAuthStateRow | null> {
    const [row] = await db.query<OAuthStateRow>(
      `delete from oauth_states where state_hash = $1
       returning provider, mode, code_verifier, nonce, redirect_uri, success, failure, expire, invitation_hash`,
      [stateHash],
    );
    return row ?? null;
  },
});
