import type { Db } from '../../db/db.js';

/**
 * The scan generation and the scan lease (0100-scanner.sql). On a shared
 * PostgreSQL, several server instances may watch the same music folder; the
 * lease lets one scan at a time (the others skip, and retry later). PGlite
 * belongs to one process, so there the lease is always taken: a crashed
 * process must not delay the next start's scan.
 */
export const LEASE_SECONDS = 60;

/** Starts a scan: the new generation, or null when another instance holds the lease. */
export async function acquireLease(db: Db, owner: string): Promise<number | null> {
  const force = db.engine === 'pglite';
  const rows = await db.query<{ generation: number }>(
    `update scan_state set generation = generation + 1, lease_owner = $1,
            lease_until = now() + make_interval(secs => $2)
      where id = 1 and ($3 or lease_until is null or lease_until < now() or lease_owner = $1)
      returning generation`,
    [owner, LEASE_SECONDS, force],
  );
  return rows[0]?.generation ?? null;
}

export async function renewLease(db: Db, owner: string): Promise<void> {
  await db.query(
    'update scan_state set lease_until = now() + make_interval(secs => $2) where id = 1 and lease_owner = $1',
    [owner, LEASE_SECONDS],
  );
}

/** Ends scan `gen`; a completed one is recorded as the last scan. */
export async function releaseLease(db: Db, owner: string, gen: number, completed: boolean): Promise<void> {
  await db.query('delete from scan_seen where gen <= $1', [gen]);
  await db.query(
    `update scan_state set lease_owner = null, lease_until = null,
            last_scan_at = case when $2 then now() else last_scan_at end
      where id = 1 and lease_owner = $1`,
    [owner, completed],
  );
}

export async function lastScanAt(db: Db): Promise<string | null> {
  const [row] = await db.query<{ last_scan_at: Date | string | null }>('select last_scan_at from scan_state where id = 1');
  return row?.last_scan_at ? new Date(row.last_scan_at).toISOString() : null;
}
