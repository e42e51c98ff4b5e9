import type { Queryable } from '../../db/db.js';

export interface LogRow {
  id: string;
  user_id: string;
  event: string;
  ip: string;
  user_agent: string;
  created_at: Date;
}

/** A user keeps this many log entries; older ones are dropped as new ones arrive. */
export const MAX_LOGS_PER_USER = 1000;

/** SQL for `account_logs` (GET /account/logs), newest first. */
export const logsStore = (db: Queryable) => ({
  async insert(l: { id: string; userId: string; event: string; ip: string; userAgent: string; at: Date }): Promise<void> {
    await db.query(
      `insert into account_logs (id, user_id, event, ip, user_agent, created_at) values ($1, $2, $3, $4, $5, $6)`,
      [l.id, l.userId, l.event, l.ip, l.userAgent, l.at],
    );
    await db.query(
      `delete from account_logs where user_id = $1 and id not in (
         select id from account_logs where user_id = $1 order by created_at desc, id desc limit $2)`,
      [l.userId, MAX_LOGS_PER_USER],
    );
  },

  list: (userId: string, limit: number, offset: number) =>
    db.query<LogRow>(
      'select * from account_logs where user_id = $1 order by created_at desc, id desc limit $2 offset $3',
      [userId, limit, offset],
    ),

  async count(userId: string): Promise<number> {
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from account_logs where user_id = $1', [userId]);
    return row?.n ?? 0;
  },
});
