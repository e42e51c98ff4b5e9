import { ID } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENGINES } from '../../test/db.js';
import { expectRateLimited } from '../accounts/test/rate-limited.js';
import { createTestClock } from '../test/clock.js';
import { createSdkClient, rawCall as call, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { ROOM_RATES } from './room-limits.js';

/**
 * The limits on rooms (backend-api.md §13) with RATE_LIMITS=on, through HTTP:
 * starting rooms, joining them and driving them, per account (or member) and
 * per address. Over a limit the answer is Appwrite's 429
 * general_rate_limit_exceeded with Retry-After; once the window has passed
 * (the test clock moves, nothing sleeps) the call works again. The server
 * trusts loopback proxies, so each test's requests come from an address of
 * their own (X-Forwarded-For).
 */
// The limits' counts live in the database (auth/limiter-store.ts): both engines.
describe.each(ALL_ENGINES)('room limits on %s', (engine) => {
  let s: TestServer;
  const clock = createTestClock();
  beforeAll(async () => {
    s = await startTestServer(engine, { RATE_LIMITS: 'on', TRUST_PROXY: 'loopback' }, ['backend'], { now: clock.now });
  });
  afterEach(() => clock.reset());
  afterAll(async () => s?.close());

  let n = 0;
  /** A listener signed up and in from `address`, whose later calls come from `address` too. */
  async function listener(address: string): Promise<SdkClient> {
    const sdk = createSdkClient(s.baseUrl);
    sdk.client.headers['X-Forwarded-For'] = address;
    const email = `room-limits-${++n}@example.com`;
    await sdk.account.create({ userId: ID.unique(), email, password: 'password123', name: `Listener ${n}` });
    await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return sdk;
  }
  async function start(sdk: SdkClient): Promise<string> {
    const res = await call(sdk, 'POST', '/rooms');
    expect(res.status).toBe(201);
    return ((await res.json()) as { room: { $id: string } }).room.$id;
  }
  async function expectOk(res: Response) {
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }

  it(`starting rooms: ${ROOM_RATES.roomsPerAccount.max} an hour per account, then 429; an hour later another starts`, async () => {
    const ada = await listener('198.51.100.1');
    for (let i = 0; i < ROOM_RATES.roomsPerAccount.max; i++) await start(ada);
    await expectRateLimited(await call(ada, 'POST', '/rooms'), ROOM_RATES.roomsPerAccount.windowMs);
    // Another account from elsewhere is not held back.
    await start(await listener('198.51.100.2'));
    clock.advance(ROOM_RATES.roomsPerAccount.windowMs);
    await start(ada);
  });

  it(`starting rooms: ${ROOM_RATES.roomsPerAddress.max} an hour per address, whatever the accounts, then 429`, async () => {
    const address = '198.51.100.10';
    const per = ROOM_RATES.roomsPerAccount.max;
    const accounts = await Promise.all(Array.from({ length: ROOM_RATES.roomsPerAddress.max / per + 1 }, () => listener(address)));
    for (const sdk of accounts.slice(0, -1)) for (let i = 0; i < per; i++) await start(sdk);
    await expectRateLimited(await call(accounts.at(-1)!, 'POST', '/rooms'), ROOM_RATES.roomsPerAddress.windowMs);
  });

  it(`joining: ${ROOM_RATES.joinsPerAccount.max} a minute per account and ${ROOM_RATES.joinsPerAddress.max} per address, then 429`, async () => {
    const room = await start(await listener('198.51.100.20'));
    const address = '198.51.100.21';
    const per = ROOM_RATES.joinsPerAccount.max;
    const guests = await Promise.all(Array.from({ length: ROOM_RATES.joinsPerAddress.max / per + 1 }, () => listener(address)));
    const [bob] = guests as [SdkClient];
    for (let i = 0; i < per; i++) await expectOk(await call(bob, 'POST', `/rooms/${room}/members`));
    await expectRateLimited(await call(bob, 'POST', `/rooms/${room}/members`), ROOM_RATES.joinsPerAccount.windowMs);
    // The other accounts from that address join until the address has joined its most.
    for (const sdk of guests.slice(1, -1)) for (let i = 0; i < per; i++) await expectOk(await call(sdk, 'POST', `/rooms/${room}/members`));
    await expectRateLimited(await call(guests.at(-1)!, 'POST', `/rooms/${room}/members`), ROOM_RATES.joinsPerAddress.windowMs);
    clock.advance(ROOM_RATES.joinsPerAddress.windowMs);
    await expectOk(await call(guests.at(-1)!, 'POST', `/rooms/${room}/members`));
  });

  it(`driving a room: ${ROOM_RATES.commandsPerMember.max} commands a minute per member, then 429; a minute later it goes on`, async () => {
    const host = await listener('198.51.100.30');
    const room = await start(host);
    for (let i = 0; i < ROOM_RATES.commandsPerMember.max; i++) {
      await expectOk(await call(host, 'POST', `/rooms/${room}/commands`, { command: i % 2 ? 'play' : 'pause' }));
    }
    await expectRateLimited(await call(host, 'POST', `/rooms/${room}/commands`, { command: 'pause' }), ROOM_RATES.commandsPerMember.windowMs);
    // Adding songs counts too.
    const song = { songId: 'song-1', durationMs: 60_000 };
    await expectRateLimited(await call(host, 'POST', `/rooms/${room}/songs`, song), ROOM_RATES.commandsPerMember.windowMs);
    clock.advance(ROOM_RATES.commandsPerMember.windowMs);
    await expectOk(await call(host, 'POST', `/rooms/${room}/commands`, { command: 'pause' }));
  });
});
