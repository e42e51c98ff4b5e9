import type { Queryable } from '../db/db.js';

/** SQL for the subsonic module's credentials tables; nothing but queries. */
export const credentialsStore = (db: Queryable) => ({
  async appPassword(userId: string): Promise<string | null> {
    const [row] = await db.query<{ sealed: string }>('select sealed from subsonic_app_passwords where user_id = $1', [userId]);
    return row?.sealed ?? null;
  },

  async setAppPassword(userId: string, sealed: string, at: Date): Promise<void> {
    await db.query(
      `insert into subsonic_app_passwords (user_id, sealed, created_at) values ($1, $2, $3)
       on conflict (user_id) do update set sealed = excluded.sealed, created_at = excluded.created_at`,
      [userId, sealed, at],
    );
  },

  async addApiKey(userId: string, keyHash: string, at: Date): Promise<void> {
    await db.query('insert into subsonic_api_keys (key_hash, user_id, created_at) values ($1, $2, $3)', [keyHash, userId, at]);
  },

  /** A user's keys, newest first; `id` is the start of the key's hash (the key itself is never kept). */
  async apiKeys(userId: string): Promise<{ id: string; created_at: Date; last_used_at: Date | null }[]> {
    return db.query(
      `select left(key_hash, 16) as id, created_at, last_used_at from subsonic_api_keys
        where user_id = $1 order by created_at desc, key_hash`,
      [userId],
    );
  },

  /** Revokes one key by its id; false when the user has no such key. */
  async removeApiKey(userId: string, id: string): Promise<boolean> {
    const rows = await db.query('delete from subsonic_api_keys where user_id = $1 and left(key_hash, 16) = $2 returning 1', [userId, id]);
    return rows.length > 0;
  },

  async removeApiKeys(userId: string): Promise<void> {
    await db.query('delete from subsonic_api_keys where user_id = $1', [userId]);
  },

  /** The key's user, its use noted at most once an hour (so reads stay reads). */
  async userOfApiKey(keyHash: string, at: Date): Promise<string | null> {
    const [row] = await db.query<{ user_id: string }>('select user_id from subsonic_api_keys where key_hash = $1', [keyHash]);
    if (!row) return null;
    await db.query(
      `update subsonic_api_keys set last_used_at = $2
        where key_hash = $1 and (last_used_at is null or last_used_at < $2::timestamptz - interval '1 hour')`,
      [keyHash, at],
    );
    return row.user_id;
  },
});
