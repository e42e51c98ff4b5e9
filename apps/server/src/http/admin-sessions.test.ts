import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdkClient, type SdkClient } from '../backend/test/sdk.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import type { CatalogueModule } from '../catalogue/module.js';
import { buildFixtureLibrary, FIXTURE_BAD_AUDIO, FIXTURE_GOOD_AUDIO } from '../catalogue/test/fixtures.js';
import { ENGINES } from '../test/db.js';

/**
 * The catalogue's admin API (/api/admin/...) over the network: a signed-in
 * administrator's session is served in full (start a scan, the whole status),
 * as the loopback admin listener is; anyone else keeps the short public status
 * and the 403 on a rescan. On a private server too.
 */
describe.each(ENGINES)('the catalogue admin API with an administrator session (%s)', (engine) => {
  let s: TestServer;
  let musicDir: string;
  let admin: SdkClient;
  let member: SdkClient;

  const signUp = async (name: string) => {
    const sdk = createSdkClient(s.baseUrl);
    const email = `${name}@example.com`;
    await sdk.account.create({ userId: ID.unique(), email, password: 'password123', name });
    await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return sdk;
  };
  /** A request carrying `sdk`'s session, as the web app sends it. */
  const call = (sdk: SdkClient | null, method: string, path: string) =>
    sdk ? sdk.run(() => fetch(`${s.baseUrl}${path}`, { method, credentials: 'include' })) : fetch(`${s.baseUrl}${path}`, { method });

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-music-'));
    await buildFixtureLibrary(musicDir);
    s = await startTestServer(engine, { MUSIC_DIR: musicDir, ACCESS: 'private' }, ['catalogue', 'backend']);
    admin = await signUp('owner');
    // The second account comes by invitation (SIGNUPS=invite is the private default).
    const { link } = (await admin.client.call('post', new URL(`${s.endpoint}/admin/invitations`), { 'content-type': 'application/json' }, {})) as { link: string };
    member = createSdkClient(s.baseUrl);
    await member.client.call(
      'post',
      new URL(`${s.endpoint}/account`),
      { 'content-type': 'application/json' },
      { userId: ID.unique(), email: 'member@example.com', password: 'password123', name: 'member', invitation: new URL(link).searchParams.get('invitation') },
    );
    await member.account.createEmailPasswordSession({ email: 'member@example.com', password: 'password123' });
  });
  afterAll(async () => {
    await s?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  it('starts a scan for an administrator and shows them the whole status', async () => {
    const res = await call(admin, 'POST', '/api/admin/rescan?wait=true');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { seen: number; complete: boolean } }).data).toMatchObject({ seen: FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length, complete: true });
    const status = (await (await call(admin, 'GET', '/api/admin/status')).json()) as { data: Record<string, unknown> };
    expect(Object.keys(status.data)).toEqual(expect.arrayContaining(['scanning', 'tracks', 'albums', 'errors', 'lastReport', 'progress']));
    // The files it could not read, and why.
    const failed = (await (await call(admin, 'GET', '/api/admin/scan-errors')).json()) as { data: { path: string; message: string }[] };
    expect(failed.data.map((f) => f.path).sort()).toEqual([...FIXTURE_BAD_AUDIO].sort());
    expect(failed.data.every((f) => f.message.length > 0)).toBe(true);
  });

  it('tells an administrator about ffmpeg, the cache per tier and the video queue, and empties the cache', async () => {
    // The pictures drawn after the first test's scan are in the cache too: counted from when they are done.
    await (s.app.modules.find((m) => m.name === 'catalogue') as CatalogueModule).passesIdle();
    type Storage = { data: { ffmpeg: string | null; cache: { images: { files: number; bytes: number } } } };
    const drawn = ((await (await call(admin, 'GET', '/api/admin/storage')).json()) as Storage).data.cache.images;
    expect(drawn.files).toBeGreaterThan(0);
    const cache = join(s.dataDir, 'cache');
    await mkdir(join(cache, 'audio', 't1'), { recursive: true });
    await mkdir(join(cache, 'images', 'a'), { recursive: true });
    await writeFile(join(cache, 'audio', 't1', '160-k1.mp4'), Buffer.alloc(1000));
    await writeFile(join(cache, 'audio', 't1', '96-k1.mp4'), Buffer.alloc(300));
    await writeFile(join(cache, 'audio', 't1', '160-k2.mp3'), Buffer.alloc(500));
    await writeFile(join(cache, 'images', 'a', 'c-500.jpg'), Buffer.alloc(200));
    const storage = (await (await call(admin, 'GET', '/api/admin/storage')).json()) as Storage;
    expect(storage.data.ffmpeg).toMatch(/ffmpeg/);
    expect(storage.data.cache).toEqual({
      tiers: [
        { kbps: 160, files: 2, bytes: 1500 },
        { kbps: 96, files: 1, bytes: 300 },
      ],
      images: { files: drawn.files + 1, bytes: drawn.bytes + 200 },
    });
    const queue = (await (await call(admin, 'GET', '/api/admin/video-queue')).json()) as { data: unknown };
    expect(queue.data).toEqual({ queued: 0, rendering: 0, done: 0, failed: 0, worker: false });
    const cleared = (await (await call(admin, 'DELETE', '/api/admin/cache')).json()) as { data: unknown };
    expect(cleared.data).toEqual({ files: 4 + drawn.files, bytes: 2000 + drawn.bytes });
    expect(((await (await call(admin, 'GET', '/api/admin/storage')).json()) as { data: { cache: unknown } }).data.cache).toEqual({ tiers: [], images: { files: 0, bytes: 0 } });
  });

  it('keeps refusing a rescan to other accounts and visitors, and tells them the short status only', async () => {
    const refused = await call(member, 'POST', '/api/admin/rescan');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false });
    const status = (await (await call(member, 'GET', '/api/admin/status')).json()) as { data: Record<string, unknown> };
    expect(Object.keys(status.data).sort()).toEqual(['scanning', 'tracks']);
    for (const [method, path] of [['GET', '/api/admin/scan-errors'], ['GET', '/api/admin/storage'], ['DELETE', '/api/admin/cache'], ['GET', '/api/admin/video-queue']]) {
      expect((await call(member, method!, path!)).status, path).toBe(403);
    }
    // A visitor on a private server meets the sign-in first.
    expect((await call(null, 'POST', '/api/admin/rescan')).status).toBe(401);
  });
});
