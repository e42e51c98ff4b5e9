import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { ALL_ENGINES, createTestDb, type TestDb } from '../../test/db.js';
import { AppwriteError } from '../http/errors.js';
import { createTestClock } from '../test/clock.js';
import { createDeviceLimits, DEVICE_RATES } from './device-limits.js';

/** The limits on commands (per account and per address) and reports, counted where every instance sees them. */
// The devices' SQL (devices, play_states, device_names) is tested here alone: both engines, whatever test/engines.ts lists.
describe.each(ALL_ENGINES)('device limits (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
  });
  afterAll(async () => t?.drop());

  const refused = async (p: Promise<void>) => {
    const e = await p.then(() => null, (err: unknown) => err);
    expect(e).toBeInstanceOf(AppwriteError);
    return e as AppwriteError;
  };

  it('refuses the 121st command of a minute from one account with 429 and Retry-After; other accounts and a minute later go on', async () => {
    const clock = createTestClock();
    const limits = createDeviceLimits({ config: { RATE_LIMITS: 'on' } as Config, db: t.db, now: clock.now });
    for (let i = 0; i < DEVICE_RATES.commandsPerAccount.max; i++) await limits.command('ada', `10.0.0.${i % 50}`);
    const e = await refused(limits.command('ada', '10.0.1.1'));
    expect(e.toJSON()).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
    expect(e.retryAfterSeconds).toBeGreaterThan(0);
    await limits.command('bob', '10.0.1.1');
    clock.advance(DEVICE_RATES.commandsPerAccount.windowMs);
    await limits.command('ada', '10.0.1.1');
  });

  it('refuses the 301st command of a minute from one address, whatever the accounts', async () => {
    const limits = createDeviceLimits({ config: { RATE_LIMITS: 'on' } as Config, db: t.db, now: createTestClock().now });
    for (let i = 0; i < DEVICE_RATES.commandsPerAddress.max; i++) await limits.command(`user-${i}`, '192.0.2.9');
    expect((await refused(limits.command('someone-new', '192.0.2.9'))).code).toBe(429);
    // The refusal gave the account's count back.
    await limits.command('someone-new', '192.0.2.10');
  });

  it('limits nothing with RATE_LIMITS=off', async () => {
    const limits = createDeviceLimits({ config: { RATE_LIMITS: 'off' } as Config, db: t.db, now: Date.now });
    for (let i = 0; i < 400; i++) await limits.command('carol', '192.0.2.20');
  });
});
