/**
 * postgres.js reads the server's array types on every new connection, and a
 * failure of that read (the connection cut while it runs: PostgreSQL going
 * away) is a promise nobody awaits. Node ends the process on such a
 * rejection, so a database outage at that moment would stop the server
 * instead of answering 503 until the database is back. The pool itself
 * reconnects and its queries fail or retry as usual; only this rejection is
 * taken here. Any other unhandled rejection still ends the process, as before.
 */

/** Whether `reason` is postgres.js's own array-type read failing (its error carries the query). */
export function isArrayTypeReadFailure(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  const query = (reason as Error & { query?: unknown }).query;
  return typeof query === 'string' && query.includes('pg_catalog.pg_type') && query.includes('typarray');
}

let installed = false;

/** Installs the guard once per process (every PostgreSQL pool shares it). */
export function guardArrayTypeReads(warn: (message: string) => void = () => {}): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (isArrayTypeReadFailure(reason)) {
      warn(`PostgreSQL connection lost while reading its types: ${(reason as Error).message}`);
      return;
    }
    // Not ours: the process ends as it would have without this listener.
    throw reason;
  });
}
