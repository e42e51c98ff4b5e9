import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import { migrate } from '../../db/migrate.js';
import { openPostgres } from '../../db/postgres-db.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { createEventBus, type BackendEvent, type EventBus } from './event-bus.js';

const event = (id: string, size = 0): BackendEvent => ({
  events: [`databases.lyra.collections.Favorite.documents.${id}.create`],
  channels: ['documents'],
  roles: ['user:u1'],
  payload: { $id: id, blob: 'x'.repeat(size) },
  timestamp: '2026-01-02T03:04:05.678+00:00',
});

const busOn = (db: Db) => createEventBus({ config: loadConfig({ DATA_DIR: '/tmp' }), db, log: silentLogger, now: Date.now });

function record(bus: EventBus) {
  const got: BackendEvent[] = [];
  bus.subscribe((e) => got.push(e));
  return got;
}

describe.each(ENGINES)('event bus on %s', (engine) => {
  let t: TestDb;
  let other: Db | null = null;
  let a: EventBus;
  let b: EventBus | null = null;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
    a = busOn(t.db);
    await a.start();
    if (engine === 'postgres') {
      // A second server instance: its own connections to the same database.
      other = await openPostgres(t.url!, 2);
      b = busOn(other);
      await b.start();
    }
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await other?.close();
    await t?.drop();
  });

  it('delivers to listeners in this process once, in order', async () => {
    const got = record(a);
    await a.publish(event('e1'));
    await a.publish(event('e2'));
    expect(got.map((e) => e.payload.$id)).toEqual(['e1', 'e2']);
  });

  // PostgreSQL: two instances share events; PGlite is one process, so there is nothing to cross.
  if (engine === 'postgres') {
    it('crosses to another instance, large events included, in order', async () => {
      const here = record(a);
      const there = record(b!);
      // Events of the test before may still be arriving; look at this test's only.
      const ids = (got: BackendEvent[]) => got.map((e) => e.payload.$id).filter((id) => !['e1', 'e2'].includes(id as string));
      await a.publish(event('small-1'));
      await a.publish(event('large', 20_000));
      await a.publish(event('small-2'));
      await expect.poll(() => ids(there), { timeout: 10_000 }).toEqual(['small-1', 'large', 'small-2']);
      expect(there.find((e) => e.payload.$id === 'large')).toEqual(event('large', 20_000));
      expect(ids(here)).toEqual(['small-1', 'large', 'small-2']);
      // Nothing comes back to the publisher a second time.
      await b!.publish(event('from-b'));
      await expect.poll(() => ids(here)).toContain('from-b');
      expect(ids(here)).toEqual(['small-1', 'large', 'small-2', 'from-b']);
      expect(ids(there)).toEqual(['small-1', 'large', 'small-2', 'from-b']);
    });

    it('replays what another instance published while this one\'s LISTEN connection was lost, each event once', async () => {
      const there = record(a);
      const name = new URL(t.url!).pathname.slice(1);
      // An outage as this instance sees it: PostgreSQL ends the listening connections of this database.
      await other!.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen%'`, [name]);
      const ids = Array.from({ length: 20 }, (_, i) => `gap-${i}`);
      await Promise.all(ids.map((id) => b!.publish(event(id))));
      await b!.publish(event('gap-large', 20_000));
      const got = () => there.map((e) => e.payload.$id as string).filter((id) => id.startsWith('gap-'));
      await expect.poll(() => got().length, { timeout: 15_000 }).toBe(21);
      // And it goes on listening: an event published after the replay arrives after it, and by then
      // no replayed event has come a second time.
      await b!.publish(event('after'));
      await expect.poll(() => there.map((e) => e.payload.$id)).toContain('after');
      expect(got().sort()).toEqual([...ids, 'gap-large'].sort());
    });
  } else {
    it('stays in process, storing nothing', async () => {
      await a.publish(event('big', 20_000));
      expect(await t.db.query('select count(*)::int as n from realtime_events')).toEqual([{ n: 0 }]);
    });
  }
});
