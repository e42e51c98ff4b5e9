import type { Queryable } from '../db/db.js';

export interface ShareRow {
  id: string;
  user_id: string;
  description: string | null;
  item_ids: string[];
  expires_at: Date | null;
  max_bit_rate: number | null;
  created_at: Date;
  last_visited_at: Date | null;
  visit_count: number;
}

export interface NewShare {
  id: string;
  userId: string;
  description: string | null;
  itemIds: readonly string[];
  expiresAt: Date | null;
  maxBitRate: number | null;
  at: Date;
}

const COLUMNS = `s.id, s.user_id, s.description, s.item_ids, s.expires_at,
                 s.max_bit_rate, s.created_at, s.last_visited_at, s.visit_count`;
const FROM = 'from subsonic_shares s';

/** Public shares; SQL only. `owner` null means every account's (administrators). */
export const sharesStore = (db: Queryable) => ({
  list(owner: string | null): Promise<ShareRow[]> {
    return db.query<ShareRow>(
      `select ${COLUMNS} ${FROM} where $1::text is null or s.user_id = $1 order by s.created_at, s.id`,
      [owner],
    );
  },

  async byId(id: string): Promise<ShareRow | null> {
    const [row] = await db.query<ShareRow>(`select ${COLUMNS} ${FROM} where s.id = $1`, [id]);
    return row ?? null;
  },

  /** Adds a share while its owner has fewer than `max`: false when they have `max` already. */
  async create(s: NewShare, max: number): Promise<boolean> {
    const rows = await db.query(
      `insert into subsonic_shares (id, user_id, description, item_ids, expires_at, max_bit_rate, created_at)
       select $1, $2, $3, $4::text[], $5, $6, $7 where (select count(*) from subsonic_shares where user_id = $2) < $8
       returning id`,
      [s.id, s.userId, s.description, s.itemIds, s.expiresAt, s.maxBitRate, s.at, max],
    );
    return rows.length > 0;
  },

  async update(id: string, description: string | null, expiresAt: Date | null): Promise<boolean> {
    const rows = await db.query('update subsonic_shares set description = $2, expires_at = $3 where id = $1 returning id', [
      id,
      description,
      expiresAt,
    ]);
    return rows.length > 0;
  },

  async remove(id: string): Promise<boolean> {
    const rows = await db.query('delete from subsonic_shares where id = $1 returning id', [id]);
    return rows.length > 0;
  },

  async visited(id: string, at: Date): Promise<void> {
    await db.query('update subsonic_shares set visit_count = visit_count + 1, last_visited_at = $2 where id = $1', [id, at]);
  },
});
