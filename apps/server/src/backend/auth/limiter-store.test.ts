import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { openPostgres } from '../../db/postgres-db.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { createMemoryLimiterStore, limiterStoreFor, type LimiterStore } from './limiter-store.js';
import { createPostgresLimiterStore } from './postgres-limiter-store.js';
import { createRateLimiter } from './rate-limiter.js';

/** The same rules whatever keeps the counts: memory (one process) or the rate_limits table (every instance). */
function limiterRules(name: string, store: () => LimiterStore) {
  describe(name, () => {
    const make = (s = store()) => {
      let t = 10_000;
      const now = () => t;
      return { s, limiter: createRateLimiter({ name: 'test', max: 3, windowMs: 1000, now, store: s }), advance: (ms: number) => (t += ms), now };
    };

    it('refuses a key after max failures until the oldest leaves the window', async () => {
      const { limiter, advance } = make();
      await limiter.recordFailure('a');
      advance(400);
      await limiter.recordFailure('a');
      expect(await limiter.retryAfterMs('a')).toBe(0);
      await limiter.recordFailure('a');
      expect(await limiter.retryAfterMs('a')).toBe(600);
      expect(await limiter.retryAfterMs('b')).toBe(0);
      advance(600);
      expect(await limiter.retryAfterMs('a')).toBe(0);
      await limiter.reset('a');
      await limiter.recordFailure('a');
      expect(await limiter.retryAfterMs('a')).toBe(0);
    });

    it('take counts only attempts that may go ahead', async () => {
      const { limiter, advance } = make();
      expect([await limiter.take('x'), await limiter.take('x'), await limiter.take('x'), await limiter.take('x')]).toEqual([0, 0, 0, 1000]);
      advance(1000);
      expect(await limiter.take('x')).toBe(0);
    });

    it('two limiters on one store share its counts, and names keep limiters apart', async () => {
      const a = make();
      const b = make(a.s);
      await a.limiter.recordFailure('k');
      await b.limiter.recordFailure('k');
      await a.limiter.recordFailure('k');
      expect(await b.limiter.retryAfterMs('k')).toBe(1000);
      const other = createRateLimiter({ name: 'other', max: 3, windowMs: 1000, now: a.now, store: a.s });
      expect(await other.retryAfterMs('k')).toBe(0);
    });

    it('peek tells the wait and the attempts in the window, and counts nothing', async () => {
      const { limiter, advance } = make();
      expect(await limiter.peek('p')).toEqual({ waitMs: 0, attempts: 0 });
      await limiter.recordFailure('p');
      advance(300);
      await limiter.recordFailure('p');
      for (let i = 0; i < 5; i++) expect(await limiter.peek('p')).toEqual({ waitMs: 0, attempts: 2 });
      await limiter.recordFailure('p');
      expect(await limiter.peek('p')).toEqual({ waitMs: 700, attempts: 3 });
      advance(700);
      expect(await limiter.peek('p')).toEqual({ waitMs: 0, attempts: 2 });
    });

    it('reserve counts like take; a slot given back is uncounted once, a refused one has nothing to give back', async () => {
      const { limiter } = make();
      // Reserved at once: which three win depends on the order the database takes them in.
      const slots = await Promise.all(Array.from({ length: 5 }, () => limiter.reserve('r')));
      expect(slots.map((r) => r.waitMs).sort((a, b) => a - b)).toEqual([0, 0, 0, 1000, 1000]);
      const granted = slots.find((r) => r.waitMs === 0)!;
      const refused = slots.find((r) => r.waitMs > 0)!;
      await refused.giveBack();
      expect(await limiter.peek('r')).toEqual({ waitMs: 1000, attempts: 3 });
      await granted.giveBack();
      await granted.giveBack();
      expect(await limiter.peek('r')).toEqual({ waitMs: 0, attempts: 2 });
      expect((await limiter.reserve('r')).waitMs).toBe(0);
      expect((await limiter.reserve('r')).waitMs).toBe(1000);
    });

    it('counts every one of many attempts at once exactly once', async () => {
      const { limiter } = make();
      const waits = await Promise.all(Array.from({ length: 8 }, () => limiter.take('burst')));
      expect(waits.filter((w) => w === 0)).toHaveLength(3);
      expect(waits.filter((w) => w === 1000)).toHaveLength(5);
    });
  });
}

limiterRules('memory limiter store', () => createMemoryLimiterStore());

describe.each(ENGINES)('rate_limits table on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
  });
  afterAll(() => t.drop());

  limiterRules('postgres limiter store', () => createPostgresLimiterStore(t.db));

  it('is what a PostgreSQL server gets; the embedded database keeps counts in memory', async () => {
    const store = limiterStoreFor(t.db);
    const limiter = createRateLimiter({ name: 'which', max: 1, windowMs: 60_000, now: () => 5_000, store });
    await limiter.recordFailure('k');
    const rows = await t.db.query<{ key: string; hits: unknown[]; expires_at: number }>('select key, hits, expires_at from rate_limits where key = $1', ['which:k']);
    if (engine === 'postgres') expect(rows.map((r) => [r.key, r.hits.map(Number), r.expires_at])).toEqual([['which:k', [5000], 65_000]]);
    else expect(rows).toEqual([]);
  });

  it('holds a limit across instances: two connections reserving at once get exactly max slots', async () => {
    // Each instance has a connection pool of its own on the same database (PGlite: one process, one database).
    const second = engine === 'postgres' ? await openPostgres(t.url!, 5) : t.db;
    try {
      const limiters = [t.db, second].map((db) =>
        createRateLimiter({ name: 'cluster', max: 10, windowMs: 60_000, now: () => 5_000, store: createPostgresLimiterStore(db) }),
      );
      const slots = await Promise.all(Array.from({ length: 60 }, (_, i) => limiters[i % 2]!.reserve('shared')));
      expect(slots.filter((r) => r.waitMs === 0)).toHaveLength(10);
      await Promise.all(slots.map((r) => r.giveBack()));
      expect(await t.db.query('select key from rate_limits where key = $1', ['cluster:shared'])).toEqual([]);
    } finally {
      if (second !== t.db) await second.close();
    }
  });

  it('a check of a key with no attempts writes no row', async () => {
    const limiter = createRateLimiter({ name: 'read', max: 1, windowMs: 60_000, now: () => 5_000, store: createPostgresLimiterStore(t.db) });
    expect(await limiter.retryAfterMs('quiet')).toBe(0);
    expect(await limiter.peek('quiet')).toEqual({ waitMs: 0, attempts: 0 });
    expect(await t.db.query('select key from rate_limits where key = $1', ['read:quiet'])).toEqual([]);
  });
});
