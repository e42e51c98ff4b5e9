import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFilePath, readAdminFile } from '../../db/admin-file.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { admin, adminProcess, makeAdminMedia, type AdminMedia } from '../test/admin-commands.js';
import { addLibrarySong, probeVideo } from '../test/media-fixtures.js';
import type { VideoModule } from '../module.js';

// The admin commands with no server running: admin-direct.test.ts; the entry point's errors: admin-entry.test.ts.

let m: AdminMedia;

beforeAll(async () => {
  m = await makeAdminMedia();
});
afterAll(async () => rm(m.media, { recursive: true, force: true }));

describe.each(ENGINES)('admin video commands on %s with the server running', (engine) => {
  let t: TestApp;
  let video: VideoModule;
  let songId: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(engine, { MUSIC_DIR: m.music });
    video = t.app.modules.find((mod): mod is VideoModule => mod.name === 'video')!;
    ({ id: songId } = await addLibrarySong(t.testDb.db, { musicDir: m.music, dataDir: t.dataDir, file: m.song, title: 'Song' }));
    await video.start();
    // No DATABASE_URL: opening the data folder directly would find an empty library,
    // so a command that finds the song went through the server.
    env = { DATA_DIR: t.dataDir, MUSIC_DIR: m.music };
  });
  afterAll(async () => t?.close());

  it('publishes a token only the server user can read', async () => {
    const file = await stat(adminFilePath(t.dataDir));
    expect(file.mode & 0o777).toBe(0o600);
    expect(await readAdminFile(t.dataDir)).toMatchObject({ pid: process.pid, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
  });

  it('refuses admin calls without the token', async () => {
    const { url, token } = (await readAdminFile(t.dataDir))!;
    expect((await fetch(`${url}/admin/videos`)).status).toBe(401);
    expect((await fetch(`${url}/admin/videos`, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
    expect((await fetch(`${url}/admin/videos`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  // The next three tests follow one video: added, listed, removed.
  it('adds a music video through the server', async () => {
    const added = await admin(['video', 'add', songId, m.clip], env);
    expect(added).toMatchObject({ code: 0, err: '' });
    expect(added.out).toContain(`attached ${m.clip} to song ${songId}`);
    expect(added.out).toContain(`video: /videos/${songId}/preview.mp4`);
    expect(added.out).toContain(`audio: /media/${songId}/160.mp4`);
    // 16:9 kept, fitted into the preview box; silent; as long as the clip.
    const mp4 = await probeVideo(join(t.dataDir, 'videos', songId, 'preview.mp4'));
    expect(mp4).toMatchObject({ codec: 'h264', height: 480, hasAudio: false });
    expect(mp4.width / mp4.height).toBeCloseTo(16 / 9, 2);
    expect(Math.abs(mp4.durationS - 4)).toBeLessThanOrEqual(1);
    const served = await t.app.request(`/videos/${songId}/preview.mp4`, { headers: { range: 'bytes=0-7' } });
    expect(served.status).toBe(206);
    expect(Buffer.from(await served.arrayBuffer()).subarray(4, 8).toString()).toBe('ftyp');
  });

  it('lists the video through the server from the real entry point', async () => {
    const listed = await adminProcess(['video', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`^${songId}\\s+/videos/${songId}/preview\\.mp4\\s+`, 'm'));
  });

  it('removes the video through the server', async () => {
    expect(await admin(['video', 'remove', songId], env)).toMatchObject({ code: 0, out: `removed the video preview of song ${songId}` });
    expect((await t.app.request(`/videos/${songId}/preview.mp4`)).status).toBe(404);
    expect(await admin(['video', 'remove', songId], env)).toMatchObject({ code: 1, err: `error: song ${songId} has no video preview` });
    expect(await admin(['video', 'list'], env)).toMatchObject({ code: 0, out: 'no video previews' });
  });

  it('fails clearly on an unknown song or an unreadable file', async () => {
    expect(await admin(['video', 'add', 'nosuchsong', m.clip], env)).toMatchObject({
      code: 1,
      err: 'error: song "nosuchsong" is not in the library',
    });
    const missing = join(m.media, 'missing.mp4');
    expect(await admin(['video', 'add', songId, missing], env)).toMatchObject({ code: 1, err: `error: cannot read ${missing}` });
    const notVideo = await admin(['video', 'add', songId, m.song], env);
    expect(notVideo.code).toBe(1);
    expect(notVideo.err).toContain('has no video stream');
  });

  // Late: the scan re-reads the library the tests above rely on.
  it('rescans the catalogue and reports its status through the loopback admin API, behind the token', async () => {
    const { url, token } = (await readAdminFile(t.dataDir))!;
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${url}/admin/catalogue/rescan`, { method: 'POST' })).status).toBe(401);
    const scan = await fetch(`${url}/admin/catalogue/rescan?wait=true`, { method: 'POST', headers: auth });
    expect(scan.status).toBe(200);
    expect(await scan.json()).toMatchObject({ success: true, data: { seen: expect.any(Number) } });
    const status = await fetch(`${url}/admin/catalogue/status`, { headers: auth });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ success: true, data: { scanning: false, lastScanAt: expect.any(String) } });
  });

  it('removes its token when it stops', async () => {
    await video.stop();
    expect(await readAdminFile(t.dataDir)).toBeNull();
  });
});
