import postgres from 'postgres';
import { INT8_OID, NUMERIC_OID, type Db, type Queryable } from './db.js';

/** Seconds to wait for a connection before a query fails as unavailable. */
export const CONNECT_TIMEOUT_S = 2;

/** Connects to a PostgreSQL server. `max` bounds the pool. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const sql = postgres(url, {
    max,
    // While the server is unreachable, requests fail within seconds (503) rather than queue.
    connect_timeout: CONNECT_TIMEOUT_S,
    onnotice: () => {},
    types: {
      int8: { to: INT8_OID, from: [INT8_OID], serialize: String, parse: Number },
      numeric: { to: NUMERIC_OID, from: [NUMERIC_OID], serialize: String, parse: Number },
    },
  });
  await sql`select 1`;
  const run =
    (s: postgres.Sql | postgres.TransactionSql): Queryable['query'] =>
    async (text, params) =>
      (await s.unsafe(text, (params ?? []) as never[], { prepare: true })) as never;
  return {
    engine: 'postgres',
    query: run(sql),
    async exec(text) {
      await sql.unsafe(text);
    },
    transaction: async (fn) =>
      (await sql.begin((tx) => fn({ query: run(tx), exec: async (text) => void (await tx.unsafe(text)) }))) as never,
    async listen(channel, onPayload, onReconnect) {
      // postgres.js listens again by itself after a lost connection, and says so each time.
      let listened = 0;
      const sub = await sql.listen(channel, onPayload, () => {
        if (listened++ > 0) onReconnect?.();
      });
      return () => sub.unlisten();
    },
    async notify(channel, payload) {
      await sql.notify(channel, payload);
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
