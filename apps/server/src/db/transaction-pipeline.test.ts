import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, ENGINES, type TestDb } from '../test/db.js';

/**
 * A transaction whose BEGIN is queued behind many other queries still gets a
 * connection of its own. postgres.js pipelines up to 100 queries on a busy
 * connection; a BEGIN that fills the pipeline used to go out without the
 * connection being reserved (upstream porsager/postgres#823, #1189): the
 * transaction failed with UNSAFE_TRANSACTION and left the connection inside
 * an open transaction for other queries.
 */
const BLOCKS = 20;
const PLAIN_PER_BLOCK = 100;

describe.each(ENGINES)('transactions behind a full pipeline on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await t.db.exec('create table tp (n int)');
  });
  afterAll(async () => t?.drop());

  it('commits every transaction, each BEGIN right after 100 queued queries', async () => {
    // Every connection busy and its pipeline full, so what follows waits in the pool's queue.
    // (A query goes to the pool a moment after it is made, a BEGIN at once: each block waits for that moment.)
    const saturate = Array.from({ length: 1000 }, () => t.db.query('select 1 as busy'));
    await Promise.resolve();
    const work: Promise<unknown>[] = [];
    for (let b = 0; b < BLOCKS; b++) {
      for (let i = 0; i < PLAIN_PER_BLOCK; i++) work.push(t.db.query('select 1 as queued'));
      await Promise.resolve();
      work.push(t.db.transaction((tx) => tx.query('insert into tp values ($1)', [b])));
    }
    const results = await Promise.allSettled([...saturate, ...work]);
    expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
    expect((await t.db.query<{ n: number }>('select count(*)::int as n from tp'))[0]!.n).toBe(BLOCKS);
    // No connection was left inside a transaction for ordinary queries.
    const open = await Promise.all(Array.from({ length: 20 }, () => t.db.query<{ tx: string }>('select txid_current_if_assigned()::text as tx')));
    expect(open.map((r) => r[0]!.tx)).toEqual(open.map(() => null));
  });
});
