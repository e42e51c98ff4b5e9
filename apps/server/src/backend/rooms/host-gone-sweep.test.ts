import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { ALL_ENGINES, createTestDb, type TestDb } from '../../test/db.js';
import { usersStore } from '../accounts/users.store.js';
import { createEventBus, type BackendEvent } from '../realtime/event-bus.js';
import { createTestClock } from '../test/clock.js';
import { createHostGoneSweep, SWEEP_EVERY_MS } from './host-gone-sweep.js';
import { roomChannel } from './room-events.js';
import { HOST_GONE_MS } from './room-rules.js';
import { roomsStore } from './rooms.store.js';

/**
 * A room whose host left 10 minutes ago ends without anyone calling: the
 * sweep, ticked by hand on a test clock (nothing sleeps), ends it with
 * 'host_left' and sends its members (the signed-in one by account, the
 * anonymous one as a guest) the ended event, once; a room whose host was
 * there since stays open.
 */
// The sweep's SQL (rooms.host_seen, migration 0550's index) on both engines.
describe.each(ALL_ENGINES)('the sweep of rooms whose host left (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
  });
  afterAll(async () => t?.drop());

  async function user(id: string, at: Date) {
    await usersStore(t.db).insert({ id, email: `${id}@example.com`, name: id, passwordHash: null, emailVerification: false, at });
  }

  it('ends a room 10 minutes after its host was last seen and tells its members once; a room whose host is there stays open', async () => {
    const clock = createTestClock();
    const deps = { config: loadConfig({ DATA_DIR: '.' }), db: t.db, log: silentLogger, now: clock.now };
    const events = createEventBus(deps);
    const heard: BackendEvent[] = [];
    events.subscribe((e) => heard.push(e));
    let tick: (() => void) | null = null;
    let every = 0;
    const sweep = createHostGoneSweep(deps, events, (ms, fn) => {
      every = ms;
      tick = fn;
      return () => (tick = null);
    });
    sweep.start();
    expect(every).toBe(SWEEP_EVERY_MS);

    const at = new Date(clock.now());
    for (const id of ['ada', 'bob', 'cy']) await user(id, at);
    const store = roomsStore(t.db);
    const [left, stays] = ['a'.repeat(32), 'b'.repeat(32)];
    await store.create({ id: left, hostId: 'ada', at });
    await store.addMember(left, { id: 'm1', userId: 'ada', keyHash: 'x', name: 'Ada', at });
    await store.addMember(left, { id: 'm2', userId: 'bob', keyHash: 'x', name: 'Bob', at });
    await store.addMember(left, { id: 'm3', userId: null, keyHash: 'x', name: 'Guest 1', at });
    await store.create({ id: stays, hostId: 'cy', at });

    // Nine minutes on: nothing ends.
    clock.advance(HOST_GONE_MS - 60_000);
    expect(await sweep.sweep()).toBe(0);
    // Cy's app is still there; Ada's is gone.
    await store.hostSeen(stays, new Date(clock.now()));
    clock.advance(60_000);

    // The timer's tick: no call to the room, and its members hear it end.
    tick!();
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({ channels: [roomChannel(left)], payload: { $id: left, kind: 'ended', why: 'host_left' } });
    expect(heard[0]!.roles.sort()).toEqual(['guests', 'user:ada', 'user:bob']);
    expect(await store.get(left)).toMatchObject({ endedWhy: 'host_left' });
    expect((await store.get(stays))!.endedAt).toBeNull();

    // Once ended, later looks leave it: the members heard it once.
    expect(await sweep.sweep()).toBe(0);
    await sweep.stop();
    expect(tick).toBeNull();
    expect(heard).toHaveLength(1);
  });
});
