import postgres from 'postgres';
import { INT8_OID, NUMERIC_OID, type Db, type Queryable } from './db.js';

/** Connects to a PostgreSQL server. `max` bounds the pool. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const sql = postgres(url, {
    max,
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
    async listen(channel, onPayload) {
      const sub = await sql.listen(channel, onPayload);
      return () => sub.unlisten();
    },
    async notify(channel, payload) {
      await sql.notify(channel, payload);
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
