import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { serviceFixture, userCaller, type ServiceFixture } from './test/service-fixture.js';

/**
 * Plays recorded while the database is busy: each History create is a
 * transaction, and its BEGIN waits in the pool's queue behind other queries.
 * postgres.js pipelines up to 100 queries on a connection; a BEGIN that
 * filled a pipeline went out without the connection being reserved
 * (porsager/postgres#823, #1189), and the create failed with
 * UNSAFE_TRANSACTION (a 500) while the connection stayed inside an open
 * transaction for other requests' queries. Here every create comes right
 * after 100 queued queries, which is that moment.
 */
const PLAYS = 20;
const QUEUED_BEFORE_EACH = 100;

describe.each(ENGINES)('History creates behind a busy pool on %s', (engine) => {
  let f: ServiceFixture;
  beforeAll(async () => {
    f = await serviceFixture(engine);
  });
  afterAll(async () => f?.close());

  it(`records ${PLAYS} plays, each behind ${QUEUED_BEFORE_EACH} queued queries, and leaves no connection inside a transaction`, async () => {
    const listener = userCaller('listener');
    const busy = (n: number) => Array.from({ length: n }, () => f.t.db.query('select 1 as busy'));
    // Every connection busy with a full pipeline, so what follows waits in the pool's queue.
    const work: Promise<unknown>[] = busy(1000);
    await Promise.resolve();
    const plays: Promise<unknown>[] = [];
    for (let i = 0; i < PLAYS; i++) {
      work.push(...busy(QUEUED_BEFORE_EACH));
      // A query reaches the pool a moment after it is made; the create's BEGIN follows them.
      await Promise.resolve();
      plays.push(f.service.create(listener, 'lyra', 'History', { documentId: 'unique()', data: { userId: 'listener', songId: `song-${i}` } }));
    }
    const failures = (await Promise.allSettled([...plays, ...work])).flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    expect((await f.t.db.query<{ n: number }>('select count(*)::int as n from doc_history'))[0]!.n).toBe(PLAYS);
    const inTransaction = await Promise.all(busy(20).map(async () => (await f.t.db.query<{ tx: string | null }>('select txid_current_if_assigned()::text as tx'))[0]!.tx));
    expect(inTransaction.filter((tx) => tx !== null)).toEqual([]);
  });
});
