import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../log.js';
import { migrate } from '../../db/migrate.js';
import { loadConfig } from '../../config.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { createAccounts } from '../accounts/accounts.js';
import { createSessions } from '../accounts/sessions.js';
import { createCallerResolver, GUEST, type CallerResolver } from './caller.js';
import { encodeSessionBlob } from './session-blob.js';

describe.each(ENGINES)('caller resolution (%s)', (engine) => {
  let t: TestDb;
  let callers: CallerResolver;
  let now = Date.parse('2026-01-02T03:04:05.678Z');
  let blob: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
    const deps = { config: loadConfig({}), db: t.db, log: silentLogger, now: () => now };
    callers = createCallerResolver(deps);
    // A server whose administrator exists already: u1 is an ordinary account (admin roles are tested in accounts/administrators).
    await t.db.query('insert into admin_claim (one) values (true)');
    const user = await createAccounts(deps).signUp({ id: 'u1', email: 'u1@example.com', password: 'password123', name: 'U' });
    userId = user.id;
    ({ blob } = await createSessions(deps).issue(user.id, { provider: 'email', factors: ['password'] }, { ip: '', userAgent: '' }));
  });
  afterAll(async () => t?.drop());

  it('resolves a session blob (realtime `authentication`) to the user, roles and Account model', async () => {
    const caller = await callers.fromSessionBlob(blob);
    expect(caller.userId).toBe(userId);
    expect(caller.sessionId).toMatch(/^[0-9a-f]{20}$/);
    expect(caller.roles).toEqual(['any', 'user:u1', 'users', 'user:u1/unverified', 'users/unverified']);
    expect(caller.account).toMatchObject({ $id: 'u1', email: 'u1@example.com', name: 'U', prefs: {} });
  });

  it('shows the verified roles once the email is verified', async () => {
    await t.db.query('update users set email_verification = true where id = $1', [userId]);
    expect((await callers.fromSessionBlob(blob)).roles).toEqual(['any', 'user:u1', 'users', 'user:u1/verified', 'users/verified']);
  });

  it('reads the credential from cookies and headers in order', async () => {
    const h = (init: Record<string, string>) => callers.fromHeaders(new Headers(init));
    expect((await h({ cookie: `a_session_lyra=${blob}` })).userId).toBe('u1');
    expect((await h({ cookie: `a_session_lyra_legacy=${blob}` })).userId).toBe('u1');
    expect((await h({ 'x-appwrite-session': blob })).userId).toBe('u1');
    expect((await h({ 'x-fallback-cookies': JSON.stringify({ a_session_lyra: blob }) })).userId).toBe('u1');
    // Another project's cookie is not ours.
    expect(await h({ cookie: `a_session_other=${blob}` })).toEqual(GUEST);
  });

  it('is a guest for a wrong secret, an unknown user or garbage', async () => {
    for (const b of [
      encodeSessionBlob({ userId: 'u1', secret: 'wrong' }),
      encodeSessionBlob({ userId: 'nobody', secret: 'x' }),
      'garbage',
      '',
    ]) {
      expect(await callers.fromSessionBlob(b)).toEqual(GUEST);
    }
  });

  it('refreshes accessedAt at most once a day', async () => {
    const before = (await callers.fromSessionBlob(blob)).account!.accessedAt;
    now += 3_600_000;
    expect((await callers.fromSessionBlob(blob)).account!.accessedAt).toBe(before);
    now += 86_400_000;
    expect((await callers.fromSessionBlob(blob)).account!.accessedAt).toBe(new Date(now).toISOString().replace('Z', '+00:00'));
  });

  it('is a guest once the session has expired', async () => {
    now += 366 * 86_400_000;
    expect(await callers.fromSessionBlob(blob)).toEqual(GUEST);
  });
});
