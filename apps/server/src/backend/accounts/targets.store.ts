import type { Queryable } from '../../db/db.js';

export interface TargetRow {
  id: string;
  user_id: string;
  provider_id: string | null;
  identifier: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

/** SQL for `push_targets`: a user's devices registered for push messages. */
export const targetsStore = (db: Queryable) => ({
  /** Null when the id is taken (by anyone). */
  async insert(t: { id: string; userId: string; providerId: string | null; identifier: string; name: string; at: Date }): Promise<TargetRow | null> {
    const [row] = await db.query<TargetRow>(
      `insert into push_targets (id, user_id, provider_id, identifier, name, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $6) on conflict (id) do nothing returning *`,
      [t.id, t.userId, t.providerId, t.identifier, t.name, t.at],
    );
    return row ?? null;
  },

  async update(id: string, userId: string, identifier: string, at: Date): Promise<TargetRow | null> {
    const [row] = await db.query<TargetRow>(
      'update push_targets set identifier = $3, updated_at = $4 where id = $1 and user_id = $2 returning *',
      [id, userId, identifier, at],
    );
    return row ?? null;
  },

  async delete(id: string, userId: string): Promise<boolean> {
    return (await db.query('delete from push_targets where id = $1 and user_id = $2 returning id', [id, userId])).length > 0;
  },

  listForUser: (userId: string) =>
    db.query<TargetRow>('select * from push_targets where user_id = $1 order by created_at, id', [userId]),
});
