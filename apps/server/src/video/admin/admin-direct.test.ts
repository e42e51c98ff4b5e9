import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { adminFilePath, readAdminFile } from '../../db/admin-file.js';
import { openDatabase } from '../../db/open.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { admin, makeAdminMedia, type AdminMedia } from '../test/admin-commands.js';
import { addLibrarySong } from '../test/media-fixtures.js';

// The admin commands through a running server: admin-server.test.ts.

let m: AdminMedia;

beforeAll(async () => {
  m = await makeAdminMedia();
});
afterAll(async () => rm(m.media, { recursive: true, force: true }));

describe.each(ENGINES)('admin video commands on %s with no server running', (engine) => {
  let dataDir: string;
  let pg: TestDb | null = null;
  let env: Record<string, string>;
  let songId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-admin-direct-'));
    if (engine === 'postgres') pg = await createTestDb('postgres');
    env = { DATA_DIR: dataDir, MUSIC_DIR: m.music, ...(pg ? { DATABASE_URL: pg.url! } : {}) };
    // Prepare the library as a previous server run would have, then close the database.
    const config = loadConfig(env);
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
    await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue', 'backend']);
    ({ id: songId } = await addLibrarySong(db, { musicDir: m.music, dataDir, file: m.song, title: 'Song' }));
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
    expect(await admin(['video', 'add', songId, m.clip], env)).toMatchObject({ code: 0 });
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
