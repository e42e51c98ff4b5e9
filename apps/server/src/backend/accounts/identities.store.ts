import type { Queryable } from '../../db/db.js';

export interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  provider_uid: string;
  provider_email: string;
  created_at: Date;
  updated_at: Date;
}

/** SQL for `identities`: (provider, subject) -> user. */
export const identitiesStore = (db: Queryable) => ({
  async find(provider: string, providerUid: string): Promise<IdentityRow | null> {
    const [row] = await db.query<IdentityRow>('select * from identities where provider = $1 and provider_uid = $2', [
      provider,
      providerUid,
    ]);
    return row ?? null;
  },

  insert: (i: { id: string; userId: string; provider: string; providerUid: string; email: string; at: Date }) =>
    db.query(
      `insert into identities (id, user_id, provider, provider_uid, provider_email, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $6) on conflict (provider, provider_uid) do nothing`,
      [i.id, i.userId, i.provider, i.providerUid, i.email, i.at],
    ),

  touch: (id: string, email: string, at: Date) =>
    db.query('update identities set provider_email = $2, updated_at = $3 where id = $1', [id, email, at]),

  async delete(id: string, userId: string): Promise<boolean> {
    return (await db.query('delete from identities where id = $1 and user_id = $2 returning id', [id, userId])).length > 0;
  },

  listForUser: (userId: string) =>
    db.query<IdentityRow>('select * from identities where user_id = $1 order by created_at, id', [userId]),
});
