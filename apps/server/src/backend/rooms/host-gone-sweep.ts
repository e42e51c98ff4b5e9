import type { Deps } from '../../module.js';
import type { EventBus } from '../realtime/event-bus.js';
import { membersRoles, roomEnded } from './room-events.js';
import { HOST_GONE_MS } from './room-rules.js';
import { roomsStore } from './rooms.store.js';

/** How often the sweep looks (a room ends at most this long after its host's 10 minutes). */
export const SWEEP_EVERY_MS = 30_000;
/** Rooms ended in one look, at most (the next look ends the rest). */
const BATCH = 200;

/** Runs `fn` every `ms` until the answer is called; tests pass their own to tick by hand. */
export type Every = (ms: number, fn: () => void) => () => void;

const realEvery: Every = (ms, fn) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export interface HostGoneSweep {
  /** One look: ends each open room whose host has been gone 10 minutes and tells its members. Answers how many it ended. */
  sweep(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * A room whose host has been gone 10 minutes ends (SPEC#rooms-start-join, SPEC#limits-rooms)
 * even while nobody calls: this looks every 30 s, ends such rooms with
 * 'host_left' and sends their members the ended event. With several server
 * instances each looks; a room ends once, and only the instance that ended it
 * tells its members.
 */
export function createHostGoneSweep(deps: Pick<Deps, 'db' | 'log' | 'now'>, events: EventBus, every: Every = realEvery): HostGoneSweep {
  let cancel: (() => void) | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;

  async function sweep(): Promise<number> {
    const now = deps.now();
    const store = roomsStore(deps.db);
    let ended = 0;
    for (const id of await store.openHostSeenBefore(new Date(now - HOST_GONE_MS), BATCH)) {
      const members = await store.members(id);
      if (!(await store.end(id, new Date(now), 'host_left'))) continue;
      ended++;
      await events.publish(roomEnded(id, 'host_left', membersRoles(members), now));
    }
    return ended;
  }

  return {
    sweep,
    start() {
      cancel ??= every(SWEEP_EVERY_MS, () => {
        // One look at a time: while one is still going (a slow database), the next is left out.
        if (busy) return;
        busy = true;
        running = sweep()
          .catch((err: unknown) => deps.log.warn('rooms: the sweep of rooms whose host left failed', { err }))
          .finally(() => (busy = false));
      });
    },
    async stop() {
      cancel?.();
      cancel = null;
      await running;
    },
  };
}
