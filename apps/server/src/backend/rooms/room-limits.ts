import type { Deps } from '../../module.js';
import { limiterStoreFor } from '../auth/limiter-store.js';
import { createRateLimiter } from '../auth/rate-limiter.js';
import { AppwriteError } from '../http/errors.js';

/**
 * How often rooms may be made, joined and driven (backend-api.md §13), with
 * RATE_LIMITS=on, counted in the database on PostgreSQL so every server
 * instance applies the same (auth/limiter-store.ts). The caps of room-input.ts
 * (members, queue, an anonymous guest's songs) hold always.
 */
export const ROOM_RATES = {
  roomsPerAccount: { max: 10, windowMs: 3600_000 },
  roomsPerAddress: { max: 30, windowMs: 3600_000 },
  joinsPerAccount: { max: 30, windowMs: 60_000 },
  joinsPerAddress: { max: 60, windowMs: 60_000 },
  /** Songs added, removed and the host's commands, per member (an anonymous guest is one). */
  commandsPerMember: { max: 120, windowMs: 60_000 },
  commandsPerAddress: { max: 300, windowMs: 60_000 },
  /** Presence reports and clock readings (a device reads the clock 8 times when it joins, then every 30 s). */
  readsPerAddress: { max: 1200, windowMs: 60_000 },
} as const;

const tooMany = (waitMs: number) =>
  new AppwriteError(429, 'general_rate_limit_exceeded', 'Rate limit for the current endpoint has been exceeded. Please try again after some time.', waitMs / 1000);

export interface RoomLimits {
  create(userId: string, address: string): Promise<void>;
  join(userId: string | null, address: string): Promise<void>;
  command(memberKey: string, address: string): Promise<void>;
  read(address: string): Promise<void>;
}

export function createRoomLimits(deps: Pick<Deps, 'config' | 'db' | 'now'>): RoomLimits {
  if (deps.config.RATE_LIMITS !== 'on') return { create: async () => {}, join: async () => {}, command: async () => {}, read: async () => {} };
  const store = limiterStoreFor(deps.db);
  const make = (name: keyof typeof ROOM_RATES) => createRateLimiter({ name: `rooms-${name}`, ...ROOM_RATES[name], now: deps.now, store });
  const limiters = Object.fromEntries(Object.keys(ROOM_RATES).map((k) => [k, make(k as keyof typeof ROOM_RATES)])) as Record<keyof typeof ROOM_RATES, ReturnType<typeof make>>;
  /** Counts against both keys, or neither when one refuses. */
  async function both(first: keyof typeof ROOM_RATES, firstKey: string | null, second: keyof typeof ROOM_RATES, secondKey: string) {
    const held = firstKey === null ? null : await limiters[first].reserve(firstKey);
    if (held && held.waitMs > 0) throw tooMany(held.waitMs);
    const wait = await limiters[second].take(secondKey);
    if (wait > 0) {
      await held?.giveBack();
      throw tooMany(wait);
    }
  }
  return {
    create: (userId, address) => both('roomsPerAccount', userId, 'roomsPerAddress', address),
    join: (userId, address) => both('joinsPerAccount', userId, 'joinsPerAddress', address),
    command: (memberKey, address) => both('commandsPerMember', memberKey, 'commandsPerAddress', address),
    async read(address) {
      const wait = await limiters.readsPerAddress.take(address);
      if (wait > 0) throw tooMany(wait);
    },
  };
}
