import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { openDirect } from '../../cli/direct-target.js';
import { loadConfig, REPO_ROOT } from '../../config.js';
import { openDatabase } from '../../db/open.js';
import { silentLogger } from '../../log.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { addLibrarySong, makeMusicVideo, makeSong, probeVideo } from '../test/media-fixtures.js';
import type { VideoModule } from '../module.js';
import { adminFilePath, readAdminFile } from '../../db/admin-file.js';
import { adminMain } from './admin-main.js';

/** Runs the CLI in this process; returns its exit code and what it printed. */
async function admin(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await adminMain(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) }, openDirect);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs the real entry point (`npm run admin` runs its build) as a separate process. */
function adminProcess(argv: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, 'apps/server/src/cli/admin.ts'), ...argv],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b));
    child.stderr.on('data', (b: Buffer) => (err += b));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

let media: string;
let song: string;
let clip: string;

beforeAll(async () => {
  media = await mkdtemp(join(tmpdir(), 'lyra-admin-media-'));
  await mkdir(join(media, 'music'));
  song = await makeSong(join(media, 'music'), 'song.ogg', 5);
  clip = await makeMusicVideo(media, 4);
});
afterAll(async () => rm(media, { recursive: true, force: true }));

describe.each(ENGINES)('admin video commands on %s', (engine) => {
  describe('with the server running', () => {
    let t: TestApp;
    let video: VideoModule;
    let songId: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      t = await createTestApp(engine, { MUSIC_DIR: join(media, 'music') });
      video = t.app.modules.find((m): m is VideoModule => m.name === 'video')!;
      ({ id: songId } = await addLibrarySong(t.testDb.db, { musicDir: join(media, 'music'), dataDir: t.dataDir, file: song, title: 'Song' }));
      await video.start();
      // No DATABASE_URL: opening the data folder directly would find an empty library,
      // so a command that finds the song went through the server.
      env = { DATA_DIR: t.dataDir, MUSIC_DIR: join(media, 'music') };
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

    it('adds, lists and removes a music video through the server', async () => {
      const added = await admin(['video', 'add', songId, clip], env);
      expect(added).toMatchObject({ code: 0, err: '' });
      expect(added.out).toContain(`attached ${clip} to song ${songId}`);
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

      const listed = await adminProcess(['video', 'list'], env);
      expect(listed.code).toBe(0);
      expect(listed.out).toMatch(new RegExp(`^${songId}\\s+/videos/${songId}/preview\\.mp4\\s+`, 'm'));

      expect(await admin(['video', 'remove', songId], env)).toMatchObject({ code: 0, out: `removed the video preview of song ${songId}` });
      expect((await t.app.request(`/videos/${songId}/preview.mp4`)).status).toBe(404);
      expect(await admin(['video', 'remove', songId], env)).toMatchObject({ code: 1, err: `error: song ${songId} has no video preview` });
      expect(await admin(['video', 'list'], env)).toMatchObject({ code: 0, out: 'no video previews' });
    });

    it('fails clearly on an unknown song or an unreadable file', async () => {
      expect(await admin(['video', 'add', 'nosuchsong', clip], env)).toMatchObject({
        code: 1,
        err: 'error: song "nosuchsong" is not in the library',
      });
      const missing = join(media, 'missing.mp4');
      expect(await admin(['video', 'add', songId, missing], env)).toMatchObject({ code: 1, err: `error: cannot read ${missing}` });
      const notVideo = await admin(['video', 'add', songId, song], env);
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

  describe('with no server running', () => {
    let dataDir: string;
    let pg: TestDb | null = null;
    let env: Record<string, string>;
    let songId: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'lyra-admin-direct-'));
      if (engine === 'postgres') pg = await createTestDb('postgres');
      env = { DATA_DIR: dataDir, MUSIC_DIR: join(media, 'music'), ...(pg ? { DATABASE_URL: pg.url! } : {}) };
      // Prepare the library as a previous server run would have, then close the database.
      const config = loadConfig(env);
      const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
      await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue', 'backend']);
      ({ id: songId } = await addLibrarySong(db, { musicDir: join(media, 'music'), dataDir, file: song, title: 'Song' }));
      await db.close();
      // A token left by a server that died: the CLI must not wait for it.
      const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
      await writeFile(adminFilePath(dataDir), JSON.stringify({ pid: dead, url: 'http://127.0.0.1:9', token: 'x' }), { mode: 0o600 });
    });
    afterAll(async () => {
      if (pg) await pg.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('adds, lists and removes a music video by opening the data folder itself', async () => {
      expect(await admin(['video', 'add', songId, clip], env)).toMatchObject({ code: 0 });
      expect((await readFile(join(dataDir, 'videos', songId, 'preview.mp4'))).length).toBeGreaterThan(0);
      const listed = await admin(['video', 'list'], env);
      expect(listed.out).toContain(`/videos/${songId}/preview.mp4`);
      expect(await admin(['video', 'remove', songId], env)).toMatchObject({ code: 0 });
      expect(await admin(['video', 'list'], env)).toMatchObject({ code: 0, out: 'no video previews' });
      // The command released the folder when it was done.
      expect(await readAdminFile(dataDir)).toBeNull();
    });

    it('waits for a process that is still opening the data folder instead of opening it too', async () => {
      await writeFile(adminFilePath(dataDir), JSON.stringify({ pid: process.pid, url: null, token: 't' }), { mode: 0o600 });
      const r = await admin(['video', 'list'], env);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`error: another process (pid ${process.pid}) is opening ${dataDir}`);
      await rm(adminFilePath(dataDir));
    });
  });
});

describe('the admin entry point', () => {
  it('prints the usage with exit code 2 for a bad command line', async () => {
    const r = await adminProcess(['video', 'add', 'song1'], { DATA_DIR: media });
    expect(r.code).toBe(2);
    expect(r.err).toContain('error: video add takes <songId> <file>');
    expect(r.err).toContain('usage: npm run admin -- video <command>');
  });

  it('stops with exit code 2 on a bad setting, naming it', async () => {
    const r = await adminProcess(['video', 'list'], { DATA_DIR: media, DATABASE_URL: 'mysql://x' });
    expect(r.code).toBe(2);
    expect(r.err).toContain('Invalid DATABASE_URL="mysql://x"');
  });
});
