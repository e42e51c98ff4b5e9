import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Engine } from '../../../test/db.js';
import { createTestClock } from '../../test/clock.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createSdkClient, type SdkClient } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/server.js';

/**
 * What the account tests that mail or count share: the backend on a loopback port with a
 * mailbox and a test clock (reset after each test), started before the describe's tests and
 * closed after them. `state` is filled in before the first test. With `TRUST_PROXY: 'loopback'`,
 * `from(address)` is an SDK client whose requests come from `address` (X-Forwarded-For).
 */
export function useMailServer(engine: Engine, env: Record<string, string> = {}) {
  const clock = createTestClock();
  const state = {} as { s: TestServer; mailbox: Mailbox };
  beforeAll(async () => {
    state.mailbox = await startMailbox();
    state.s = await startTestServer(engine, { SMTP_URL: state.mailbox.url, ...env }, undefined, { now: clock.now });
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await state.s?.close();
    await state.mailbox?.close();
  });
  const from = (address: string): SdkClient => {
    const sdk = createSdkClient(state.s.baseUrl);
    sdk.client.headers['X-Forwarded-For'] = address;
    return sdk;
  };
  return { state, clock, from };
}
