import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { ENGINES } from '../../test/db.js';
import { createSdkClient } from './sdk.js';
import { startTestServer, type TestServer } from './server.js';

describe.each(ENGINES)('sdk harness on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(async () => s?.close());

  it('signs up, signs in and reads the account', async () => {
    const a = createSdkClient(s.baseUrl);
    const user = await a.account.create({ userId: ID.unique(), email: 'ada@example.com', password: 'password123', name: 'Ada' });
    expect(user.email).toBe('ada@example.com');
    const session = await a.account.createEmailPasswordSession({ email: 'ada@example.com', password: 'password123' });
    expect(session.current).toBe(true);
    const me = await a.account.get();
    expect(me.$id).toBe(user.$id);
    expect(typeof (globalThis as Record<string, unknown>).window).toBe('undefined');
  });
});
