import postgres from 'postgres';
import { INT8_OID, NUMERIC_OID, type Db, type Queryable } from './db.js';
import { createOutageGate, WATCH_TICKS } from './outage-gate.js';
import { guardArrayTypeReads } from './type-fetch-guard.js';
import { databaseUnavailable } from './unavailable.js';

/** Seconds to wait for a connection before a query fails as unavailable. */
export const CONNECT_TIMEOUT_S = 2;

/** A call waiting this long has the database probed on a fresh connection. */
const SUSPECT_AFTER_MS = 2000;
/** A probe that has not answered by then (connect timeout included) counts as failed. */
const PROBE_TIMEOUT_MS = (CONNECT_TIMEOUT_S + 1) * 1000;

/**
 * The longest a request waits on a PostgreSQL that has gone away before it fails as unavailable
 * (503 with Retry-After; docs/running.md, "Running it"): noticed waiting (up to a watchdog tick late), then
 * probed. Once the database is known down, calls fail at once.
 */
export const OUTAGE_WAIT_MS = SUSPECT_AFTER_MS * (1 + 1 / WATCH_TICKS) + PROBE_TIMEOUT_MS;

/** While the database is down, how often a fresh connection checks whether it is back. */
const PROBE_EVERY_MS = 1000;

/**
 * Seconds between the pool's attempts to reconnect one connection. postgres.js's own backoff
 * grows to 20 s across failed attempts, and a query handed to a reconnecting connection waited
 * that long; a short one lets the first requests after an outage connect at once.
 */
const reconnectBackoff = (attempts: number) => Math.min(0.05 * 2 ** attempts, 0.5);

/** Connects to a PostgreSQL server. `max` bounds the pool. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  guardArrayTypeReads((message) => console.warn(message));
  const options = {
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff: reconnectBackoff,
    onnotice: () => {},
    types: {
      int8: { to: INT8_OID, from: [INT8_OID], serialize: String, parse: Number },
      numeric: { to: NUMERIC_OID, from: [NUMERIC_OID], serialize: String, parse: Number },
    },
  };
  const sql = postgres(url, { ...options, max });
  await sql`select 1`;
  const gate = createOutageGate({
    async probe() {
      const one = postgres(url, { ...options, max: 1, fetch_types: false });
      try {
        await one`select 1`;
      } finally {
        await one.end({ timeout: 0 });
      }
    },
    probeTimeoutMs: PROBE_TIMEOUT_MS,
    probeEveryMs: PROBE_EVERY_MS,
    suspectAfterMs: SUSPECT_AFTER_MS,
  });
  const run =
    (s: postgres.Sql | postgres.TransactionSql): Queryable['query'] =>
    async (text, params) =>
      (await s.unsafe(text, (params ?? []) as never[], { prepare: true })) as never;
  const query = run(sql);
  return {
    engine: 'postgres',
    query: (text, params) => gate.run(() => query(text, params)),
    exec: (text) => gate.run(async () => void (await sql.unsafe(text))),
    transaction(fn) {
      // Found down while it waited for a connection: it must not start later, nor go on.
      let abandoned = false;
      const live = () => {
        if (abandoned) throw databaseUnavailable();
      };
      return gate.run(
        async () =>
          (await sql.begin((tx) => {
            live();
            const txQuery = run(tx);
            return fn({
              query: async (text, params) => {
                live();
                return txQuery(text, params);
              },
              exec: async (text) => {
                live();
                await tx.unsafe(text);
              },
            });
          })) as never,
        () => {
          abandoned = true;
        },
      );
    },
    async listen(channel, onPayload, onReconnect) {
      // postgres.js listens again by itself after a lost connection, and says so each time.
      let listened = 0;
      const sub = await sql.listen(channel, onPayload, () => {
        if (listened++ > 0) onReconnect?.();
      });
      return () => sub.unlisten();
    },
    notify: (channel, payload) => gate.run(async () => void (await sql.notify(channel, payload))),
    close() {
      gate.close();
      return sql.end({ timeout: 5 });
    },
  };
}
