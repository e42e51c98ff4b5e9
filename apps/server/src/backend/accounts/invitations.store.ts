import type { Queryable } from '../../db/db.js';

export interface InvitationRow {
  id: string;
  max_uses: number;
  used: number;
  expire: Date;
  created_by: string | null;
  created_at: Date;
}

const COLUMNS = 'id, max_uses, used, expire, created_by, created_at';

/** SQL for `invitations` (SIGNUPS=invite); secrets are stored as hashes only. */
export const invitationsStore = (db: Queryable) => ({
  async insert(i: { id: string; secretHash: string; maxUses: number; expire: Date; createdBy: string | null; at: Date }): Promise<InvitationRow> {
    const [row] = await db.query<InvitationRow>(
      `insert into invitations (id, secret_hash, max_uses, expire, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
      [i.id, i.secretHash, i.maxUses, i.expire, i.createdBy, i.at],
    );
    return row!;
  },

  /** Newest first. */
  list: () => db.query<InvitationRow>(`select ${COLUMNS} from invitations order by created_at desc, id`),

  /**
   * Takes one use of the invitation with this secret, if it has one left and
   * has not expired: the row after the use, or null. One statement, so two
   * sign-ups at once cannot both take the last use.
   */
  async take(secretHash: string, at: Date): Promise<InvitationRow | null> {
    const [row] = await db.query<InvitationRow>(
      `update invitations set used = used + 1
       where secret_hash = $1 and used < max_uses and expire > $2 returning ${COLUMNS}`,
      [secretHash, at],
    );
    return row ?? null;
  },

  /** Gives a use back (the sign-up that took it failed). */
  async giveBack(id: string): Promise<void> {
    await db.query('update invitations set used = greatest(used - 1, 0) where id = $1', [id]);
  },

  async bySecret(secretHash: string): Promise<InvitationRow | null> {
    const [row] = await db.query<InvitationRow>(`select ${COLUMNS} from invitations where secret_hash = $1`, [secretHash]);
    return row ?? null;
  },

  async delete(id: string): Promise<boolean> {
    return (await db.query('delete from invitations where id = $1 returning id', [id])).length > 0;
  },
});
