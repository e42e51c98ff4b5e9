import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStore, hashPassword, usersStore } from '../backend/module.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { SIGN_IN_TO_LISTEN } from '../http/private-gate.js';
import { ENGINES } from '../test/db.js';
import { subsonicApiKey } from './test/api-keys.js';

/**
 * Subsonic's deleteUser on a private server (ACCESS=private): the deleted account's web sessions end at once,
 * as the admin page's Delete ends them. The gate does not go on letting them in on its memory of them (the
 * clock stands still here, so that memory never runs out by itself).
 */
const PASSWORD = 'password123';
const V1 = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };

describe.each(ENGINES)('subsonic deleteUser on a private server (%s)', (engine) => {
  // A clock that stands still: the gate's memory of a verdict never runs out by itself.
  const at = Date.now();
  const clock = { now: () => at };
  let s: TestServer;
  let musicDir: string;
  let apiKey: string;

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-private-users-'));
    s = await startTestServer(engine, { MUSIC_DIR: musicDir, ACCESS: 'private' }, ['catalogue', 'backend'], { now: clock.now });
    const users = usersStore(s.testDb.db);
    for (const id of ['owner', 'leaver']) {
      await users.insert({ id, email: `${id}@example.org`, name: id, passwordHash: await hashPassword(PASSWORD), emailVerification: true, at: new Date(clock.now()) });
    }
    await adminStore(s.testDb.db).setAdmin('owner', true, new Date(clock.now()));
    apiKey = await subsonicApiKey(s, 'owner@example.org');
  });
  afterAll(async () => {
    await s?.close();
    if (musicDir) await rm(musicDir, { recursive: true, force: true });
  });

  it("refuses the deleted account's signed-in browser at its next request", async () => {
    const session = await fetch(`${s.baseUrl}/v1/account/sessions/email`, { method: 'POST', headers: V1, body: JSON.stringify({ email: 'leaver@example.org', password: PASSWORD }) });
    expect(session.status).toBe(201);
    const cookie = session.headers.getSetCookie().find((c) => c.startsWith('a_session_lyra='))!.split(';', 1)[0]!;
    // Let in once: the gate remembers the verdict.
    expect((await fetch(`${s.baseUrl}/api/home/rows`, { headers: { cookie } })).status).toBe(200);

    const deleted = await fetch(`${s.baseUrl}/rest/deleteUser?${new URLSearchParams({ apiKey, c: 'test', v: '1.16.1', f: 'json', username: 'leaver@example.org' })}`);
    expect(await deleted.json()).toMatchObject({ 'subsonic-response': { status: 'ok' } });

    await expect
      .poll(async () => {
        const res = await fetch(`${s.baseUrl}/api/home/rows`, { headers: { cookie } });
        return [res.status, await res.json()];
      })
      .toEqual([401, { success: false, message: SIGN_IN_TO_LISTEN }]);
  });
});
