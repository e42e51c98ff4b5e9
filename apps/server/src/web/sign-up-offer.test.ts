import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';

/**
 * /config.json tells the web app whether to offer a sign-up: SIGNUPS (open,
 * invite, closed) and, while no account has claimed the server, `firstAccount`
 * (its first sign-up needs no invitation and makes its administrator).
 */
describe.each(ENGINES)('/config.json sign-up offer (%s)', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const config = async () => (await (await t!.app.request('/config.json')).json()) as Record<string, unknown>;
  const signUp = (email: string) =>
    t!.app.request('/v1/account', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
      body: JSON.stringify({ userId: 'unique()', email, password: 'password123', name: 'Owner' }),
    });

  it('says a fresh invite-only private server takes its first account, and stops saying so once it is made', async () => {
    t = await createTestApp(engine, { ACCESS: 'private' }, ['backend', 'web']);
    expect(await config()).toMatchObject({ access: 'private', signUps: 'invite', firstAccount: true });
    expect((await signUp('owner@example.com')).status).toBe(201);
    const after = await config();
    expect(after).toMatchObject({ signUps: 'invite' });
    expect(after).not.toHaveProperty('firstAccount');
    // The next one needs an invitation, as the app now knows.
    expect((await signUp('guest@example.com')).status).toBe(403);
  });

  it('offers no first account on a closed server, and says an open one is open', async () => {
    t = await createTestApp(engine, { SIGNUPS: 'closed' }, ['backend', 'web']);
    const closed = await config();
    expect(closed).toMatchObject({ signUps: 'closed' });
    expect(closed).not.toHaveProperty('firstAccount');
    await t.close();
    t = await createTestApp(engine, {}, ['backend', 'web']);
    expect(await config()).toMatchObject({ access: 'public', signUps: 'open', firstAccount: true });
  });
});
