/**
 * Errors that mean "the database cannot be reached now" (PostgreSQL down,
 * restarting, or out of connections), not "this request is wrong": answered
 * with 503 and Retry-After so clients and proxies try again, never 500.
 */
export const RETRY_AFTER_S = 5;

/** The code of the error calls fail with at once while the database is known to be down (outage-gate.ts). */
export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';

export function databaseUnavailable(): Error {
  return Object.assign(new Error('the database cannot be reached; try again in a few seconds'), { code: DATABASE_UNAVAILABLE });
}

// postgres.js connection errors, Node socket errors, and SQLSTATE classes 08 (connection
// exception) and 57P (operator intervention: shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
const CODES = new Set([
  DATABASE_UNAVAILABLE, 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED',
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '53300',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08'))) return true;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}
