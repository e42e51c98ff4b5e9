import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../backend/test/server.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { buildFixtureLibrary, FIXTURE_BAD_AUDIO, FIXTURE_GOOD_AUDIO } from '../test/fixtures.js';

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { issues: { path: string[] }[]; name: string };
}
interface Status {
  scanning: boolean;
  tracks: number;
  albums: number;
  artists: number;
  playlists: number;
  errors: number;
  lastScanAt: string | null;
  lastReport: { read: number; seen: number } | null;
  joined?: boolean;
}

describe.each(ENGINES)('admin routes on %s', (engine) => {
  let t: TestApp;
  let musicDir: string;
  const call = async <T>(method: string, path: string) => {
    const res = await t.app.request(path, { method });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-music-'));
    await buildFixtureLibrary(musicDir);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue']);
  });
  afterAll(async () => {
    await t?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  it('reports an empty catalogue before the first scan', async () => {
    const { status, body } = await call<Status>('GET', '/api/admin/status');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: { scanning: false, tracks: 0, albums: 0, artists: 0, playlists: 0, errors: 0, lastScanAt: null, progress: null, lastReport: null },
    });
  });

  it('starts a scan with 202, and a second request joins it instead of starting another', async () => {
    const a = await call<Status>('POST', '/api/admin/rescan');
    const b = await call<Status>('POST', '/api/admin/rescan');
    expect(a.status).toBe(202);
    expect(a.body.success).toBe(true);
    expect(a.body.data.joined).toBe(false);
    expect(b.status).toBe(202);
    expect(b.body.data.joined).toBe(true);
    await expect.poll(async () => (await call<Status>('GET', '/api/admin/status')).body.data.scanning, { timeout: 60_000 }).toBe(false);
    const { body } = await call<Status>('GET', '/api/admin/status');
    // One scan read every file: a second, sequential scan would have read none.
    expect(body.data.lastReport).toMatchObject({ read: FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length });
    expect(body.data).toMatchObject({ tracks: FIXTURE_GOOD_AUDIO.length, albums: 6, errors: FIXTURE_BAD_AUDIO.length });
    // Every catalogue playlist counts: the .m3u8 file's and any curated ones.
    const [lists] = await t.testDb.db.query<{ n: number }>('select count(*)::int as n from playlists');
    expect(body.data.playlists).toBe(lists!.n);
    expect(await t.testDb.db.query("select name from playlists where source = 'm3u'")).toEqual([{ name: 'Road Trip' }]);
    expect(body.data.artists).toBeGreaterThan(5);
    expect(new Date(body.data.lastScanAt!).toISOString()).toBe(body.data.lastScanAt);
  });

  it('waits for the scan with ?wait=true and answers its report', async () => {
    const { status, body } = await call<Record<string, unknown>>('POST', '/api/admin/rescan?wait=true');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const files = FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length;
    expect(body.data).toMatchObject({ seen: files, read: 0, skipped: files, removed: 0, errors: 0, complete: true, changed: false, full: true });
    expect(typeof body.data.durationMs).toBe('number');
  });

  it('scans quickly with ?full=false: unchanged folders are skipped, their files count as seen', async () => {
    const { status, body } = await call<Record<string, unknown>>('POST', '/api/admin/rescan?wait=true&full=false');
    expect(status).toBe(200);
    const files = FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length;
    expect(body.data).toMatchObject({ seen: files, read: 0, skipped: files, removed: 0, complete: true, changed: false, full: false });
    expect((await call<Status>('GET', '/api/admin/status')).body.data).toMatchObject({ tracks: FIXTURE_GOOD_AUDIO.length });
  });

  it('answers bad query parameters with 400 in the catalogue error shape', async () => {
    for (const q of ['wait=maybe', 'force=1', 'full=maybe']) {
      const { status, body } = await call<never>('POST', `/api/admin/rescan?${q}`);
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(typeof body.message).toBe('string');
      expect(body.error?.name).toBe('ZodError');
      expect(body.error?.issues.length).toBeGreaterThan(0);
    }
  });

  it('answers other methods with 404, never 500', async () => {
    for (const [method, path] of [['GET', '/api/admin/rescan'], ['DELETE', '/api/admin/status'], ['POST', '/api/admin/nothing']]) {
      const { status, body } = await call<never>(method!, path!);
      expect(status).toBe(404);
      expect(body.success).toBe(false);
    }
  });

  it('refuses a rescan that came over the network with 403, and tells the network only whether a scan runs and how many songs there are', async () => {
    const server = await startTestServer(engine, { MUSIC_DIR: musicDir }, ['catalogue']);
    try {
      for (const path of ['/api/admin/rescan', '/api/admin/rescan?wait=true']) {
        const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { origin: 'https://evil.example' } });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ success: false, message: expect.stringContaining('loopback admin API') });
      }
      // The full status (errors, reports, watched folders) is the loopback admin API's.
      await server.app.request('/api/admin/rescan?wait=true', { method: 'POST' });
      const status = await fetch(`${server.baseUrl}/api/admin/status`);
      expect(status.status).toBe(200);
      expect(await status.json()).toEqual({ success: true, data: { scanning: false, tracks: FIXTURE_GOOD_AUDIO.length } });
    } finally {
      await server.close();
    }
  });
});
