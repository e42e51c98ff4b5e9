import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersStore } from '../backend/module.js';
import { createApp } from '../app.js';
import { loadConfig, REPO_ROOT } from '../config.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { silentLogger } from '../log.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';
import { parseSubsonicCommand, subsonicAdminMain } from './admin-command.js';
import type { IssuedCredentials } from './credentials.js';

const EMAIL = 'cli@example.org';

async function admin(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await subsonicAdminMain(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `npm run admin -- subsonic ...` as a process (the real entry point, from the sources). */
function adminProcess(argv: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, 'apps/server/src/cli/admin.ts'), ...argv], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b));
    child.stderr.on('data', (b: Buffer) => (err += b));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const ping = async (t: Pick<TestApp, 'app'>, auth: Record<string, string>) => {
  const r = await t.app.request(`/rest/ping?${new URLSearchParams({ ...auth, f: 'json' })}`);
  return ((await r.json()) as { 'subsonic-response': { status: string } })['subsonic-response'].status;
};

describe('subsonic admin command line', () => {
  it('reads credentials <email> with --rotate and --json', () => {
    expect(parseSubsonicCommand(['credentials', 'a@b.c'])).toEqual({ email: 'a@b.c', rotate: false, json: false });
    expect(parseSubsonicCommand(['credentials', '--json', 'a@b.c', '--rotate'])).toEqual({ email: 'a@b.c', rotate: true, json: true });
    expect(() => parseSubsonicCommand(['credentials'])).toThrow(/one <email>/);
    expect(() => parseSubsonicCommand(['credentials', 'a', 'b'])).toThrow(/one <email>/);
    expect(() => parseSubsonicCommand(['credentials', 'a', '--force'])).toThrow(/unknown option --force/);
    expect(() => parseSubsonicCommand(['keys'])).toThrow(/unknown command/);
  });

  it('prints the usage for help and a wrong command line', async () => {
    expect(await admin(['--help'], {})).toMatchObject({ code: 0, out: '' });
    const wrong = await admin(['credentials'], {});
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('usage: npm run admin -- subsonic credentials <email>');
  });
});

describe('subsonic credentials on a stopped server (PGlite data folder)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-subsonic-cli-'));
    const db = await openDatabase({ dataDir });
    await migrate(db, 'backend');
    await usersStore(db).insert({ id: 'u-cli', email: EMAIL, name: 'Cli', passwordHash: null, emailVerification: true, at: new Date() });
    await db.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps the app password, mints a key each time, and rotates both on --rotate', async () => {
    const env = { DATA_DIR: dataDir };
    const first = await adminProcess(['subsonic', 'credentials', EMAIL, '--json'], env);
    expect(first).toMatchObject({ code: 0, err: '' });
    const a = JSON.parse(first.out) as IssuedCredentials;
    expect(a).toEqual({ username: EMAIL, password: expect.stringMatching(/^[A-Za-z0-9]{24}$/), apiKey: expect.stringMatching(/^lyra_/) });
    const again = await admin(['credentials', EMAIL], env);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`username: ${EMAIL}`);
    expect(again.out).toContain(`password: ${a.password}`);
    expect(again.out).not.toContain(a.apiKey);
    const rotated = JSON.parse((await admin(['credentials', EMAIL, '--rotate', '--json'], env)).out) as IssuedCredentials;
    expect(rotated.password).not.toBe(a.password);
    expect(await admin(['credentials', 'nobody@example.org'], env)).toMatchObject({ code: 1, err: 'error: no account with the email nobody@example.org' });

    // The server started afterwards on the same folder honours the new credentials only.
    const db = await openDatabase({ dataDir });
    const config = loadConfig({ DATA_DIR: dataDir, SCAN_WATCH: 'off', VIDEO_WORKER: 'off' });
    const app = await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue', 'backend']);
    try {
      expect(await ping({ app }, { apiKey: rotated.apiKey })).toBe('ok');
      expect(await ping({ app }, { apiKey: a.apiKey })).toBe('failed');
      expect(await ping({ app }, { u: EMAIL, p: rotated.password })).toBe('ok');
      expect(await ping({ app }, { u: EMAIL, p: a.password })).toBe('failed');
    } finally {
      await app.stop();
      await db.close();
    }
  });
});

describe.each(ENGINES)('subsonic credentials through a running server (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue', 'backend']);
    await usersStore(t.testDb.db).insert({ id: 'u-cli', email: EMAIL, name: 'Cli', passwordHash: null, emailVerification: true, at: new Date() });
    const video = t.app.modules.find((m) => m.name === 'video')!;
    await video.start!();
  });
  afterAll(() => t?.close());

  it('asks the server over its loopback admin listener', async () => {
    // No DATABASE_URL: the command can only have succeeded through the server.
    const r = await admin(['credentials', EMAIL, '--json'], { DATA_DIR: t.dataDir });
    expect(r).toMatchObject({ code: 0, err: '' });
    const creds = JSON.parse(r.out) as IssuedCredentials;
    expect(await ping(t, { apiKey: creds.apiKey })).toBe('ok');
    expect(await ping(t, { u: EMAIL, p: creds.password })).toBe('ok');
    // --rotate through the server: the credentials it had just accepted stop working at once.
    const rotated = JSON.parse((await admin(['credentials', EMAIL, '--rotate', '--json'], { DATA_DIR: t.dataDir })).out) as IssuedCredentials;
    expect(await ping(t, { u: EMAIL, p: creds.password })).toBe('failed');
    expect(await ping(t, { apiKey: creds.apiKey })).toBe('failed');
    expect(await ping(t, { u: EMAIL, p: rotated.password })).toBe('ok');
    expect(await admin(['credentials', 'nobody@example.org'], { DATA_DIR: t.dataDir })).toMatchObject({
      code: 1,
      err: 'error: no account with the email nobody@example.org',
    });
  });
});
