import type { Deps } from '../../module.js';
import { limiterStoreFor } from '../auth/limiter-store.js';
import { createRateLimiter } from '../auth/rate-limiter.js';
import { AppwriteError } from '../http/errors.js';

/**
 * Bounds on what a listener's devices may do (backend-api.md §12), counted in
 * the database on PostgreSQL so every server instance applies the same
 * (auth/limiter-store.ts). With RATE_LIMITS=off only the device count holds.
 */
export const DEVICE_RATES = {
  /** Commands and moves of playback, per account: a remote control tapped fast stays far below. */
  commandsPerAccount: { max: 120, windowMs: 60_000 },
  /** The same, per client address (several accounts behind it). */
  commandsPerAddress: { max: 300, windowMs: 60_000 },
  /** Reports of what a device plays, per account (every 15 s per device, and at each change). */
  reportsPerAccount: { max: 600, windowMs: 60_000 },
} as const;

/** Devices of one account online at once. */
export const MAX_DEVICES_ONLINE = 20;

const tooMany = (waitMs: number) =>
  new AppwriteError(429, 'general_rate_limit_exceeded', 'Rate limit for the current endpoint has been exceeded. Please try again after some time.', waitMs / 1000);

export interface DeviceLimits {
  /** Throws 429 when the account or the address sent too many commands. */
  command(userId: string, address: string): Promise<void>;
  report(userId: string): Promise<void>;
}

export function createDeviceLimits(deps: Pick<Deps, 'config' | 'db' | 'now'>): DeviceLimits {
  if (deps.config.RATE_LIMITS !== 'on') return { command: async () => {}, report: async () => {} };
  const store = limiterStoreFor(deps.db);
  const make = (name: keyof typeof DEVICE_RATES) => createRateLimiter({ name: `devices-${name}`, ...DEVICE_RATES[name], now: deps.now, store });
  const perAccount = make('commandsPerAccount');
  const perAddress = make('commandsPerAddress');
  const reports = make('reportsPerAccount');
  return {
    async command(userId, address) {
      const held = await perAccount.reserve(userId);
      if (held.waitMs > 0) throw tooMany(held.waitMs);
      const wait = await perAddress.take(address);
      if (wait > 0) {
        await held.giveBack();
        throw tooMany(wait);
      }
    },
    async report(userId) {
      const wait = await reports.take(userId);
      if (wait > 0) throw tooMany(wait);
    },
  };
}
