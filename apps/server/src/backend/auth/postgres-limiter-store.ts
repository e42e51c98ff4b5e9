import type { Db } from '../../db/db.js';
import type { LimiterStore } from './limiter-store.js';

/** Rows whose window has passed are deleted at most this often, by whichever instance writes. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts in the rate_limits table (0110-rate-limits.sql), shared by every
 * instance on the database. An update locks the key's row (an upsert that
 * returns it), so two instances counting the same key at once take turns.
 */
export function createPostgresLimiterStore(db: Db): LimiterStore {
  let nextSweep = 0;
  const sweep = (t: number) => {
    // Skipped until a minute after the last sweep (by this clock, which tests may set back).
    if (t < nextSweep && t >= nextSweep - SWEEP_EVERY_MS) return;
    nextSweep = t + SWEEP_EVERY_MS;
    void db.query('delete from rate_limits where expires_at < $1', [t]).catch(() => {});
  };
  return {
    async update(key, now, change) {
      const result = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ hits: (number | string)[] }>(
          `insert into rate_limits as r (key, hits, expires_at) values ($1, '{}', 0)
           on conflict (key) do update set key = r.key returning hits`,
          [key],
        );
        const next = change((row?.hits ?? []).map(Number));
        if (next.hits.length === 0) await tx.query('delete from rate_limits where key = $1', [key]);
        else await tx.query('update rate_limits set hits = $2, expires_at = $3 where key = $1', [key, next.hits, next.expiresAt]);
        return next.result;
      });
      sweep(now);
      return result;
    },
    async hits(key) {
      const [row] = await db.query<{ hits: (number | string)[] }>('select hits from rate_limits where key = $1', [key]);
      return (row?.hits ?? []).map(Number);
    },
    async remove(key) {
      await db.query('delete from rate_limits where key = $1', [key]);
    },
  };
}
