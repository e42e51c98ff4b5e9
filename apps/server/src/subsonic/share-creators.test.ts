import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStore, hashPassword, usersStore } from '../backend/module.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';
import { subsonicApiKey } from './test/api-keys.js';

/** SHARES=admins: only administrators make share links; another account's createShare is refused (50) and makes none. */
describe.each(ENGINES)('share links made by administrators only (%s)', (engine) => {
  let t: TestApp;
  let musicDir: string;
  let songId: string;
  const keys: Record<'owner' | 'member', string> = { owner: '', member: '' };

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-share-creators-'));
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1',
      '-c:a', 'libmp3lame', '-b:a', '64k', '-metadata', 'title=Lantern', join(musicDir, 'lantern.mp3')]);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir, SHARES: 'admins', LOUDNESS_SCAN: 'off' }, ['catalogue', 'backend']);
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
    songId = (await t.testDb.db.query<{ id: string }>('select id from tracks'))[0]!.id;
    for (const who of ['owner', 'member'] as const) {
      await usersStore(t.testDb.db).insert({ id: who, email: `${who}@example.org`, name: who, passwordHash: await hashPassword('password123'), emailVerification: true, at: new Date() });
      keys[who] = await subsonicApiKey(t, `${who}@example.org`);
    }
    await adminStore(t.testDb.db).setAdmin('owner', true, new Date());
  });
  afterAll(async () => {
    await t?.close();
    if (musicDir) await rm(musicDir, { recursive: true, force: true });
  });

  const call = async (who: 'owner' | 'member', method: string, params: Record<string, string> = {}) => {
    const res = await t.app.request(`/rest/${method}?${new URLSearchParams({ apiKey: keys[who], c: 'test', v: '1.16.1', f: 'json', ...params })}`);
    return ((await res.json()) as { 'subsonic-response': Record<string, unknown> })['subsonic-response'];
  };

  it("refuses a listener's createShare and makes the administrator's", async () => {
    expect(await call('member', 'createShare', { id: songId })).toMatchObject({ status: 'failed', error: { code: 50 } });
    expect(await call('member', 'getShares')).toMatchObject({ status: 'ok', shares: {} });
    const made = await call('owner', 'createShare', { id: songId });
    expect(made).toMatchObject({ status: 'ok', shares: { share: [{ username: 'owner@example.org', entry: [{ id: songId }] }] } });
  });
});
