import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { buildFixtureLibrary, FIXTURE_BAD_AUDIO, FIXTURE_GOOD_AUDIO } from '../test/fixtures.js';
import { parseScanCommand, scanAdminMain } from './admin-scan.js';

const FILES = FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length;

async function admin(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await scanAdminMain(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `npm run admin -- scan ...` as a process (the real entry point, from the sources). */
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

const seconds = expect.any(Number) as unknown as number;

describe('scan admin command line', () => {
  it('reads [--full] [--json] and refuses anything else', () => {
    expect(parseScanCommand([])).toEqual({ full: false, json: false });
    expect(parseScanCommand(['--json', '--full'])).toEqual({ full: true, json: true });
    expect(() => parseScanCommand(['--force'])).toThrow('unknown option --force');
    expect(() => parseScanCommand(['now'])).toThrow('scan takes no argument (got "now")');
  });

  it('prints the usage for help and a wrong command line', async () => {
    expect(await admin(['--help'], {})).toMatchObject({ code: 0, out: '' });
    const wrong = await admin(['--force'], {});
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('error: unknown option --force');
    expect(wrong.err).toContain('usage: npm run admin -- scan [--full] [--json]');
  });
});

describe('scan on a stopped server (PGlite data folder)', () => {
  let dataDir: string;
  let musicDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-scan-cli-data-'));
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-scan-cli-music-'));
    await buildFixtureLibrary(musicDir);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(musicDir, { recursive: true, force: true });
  });

  it('scans the data folder itself and prints the counts as JSON, its progress log on stderr', async () => {
    const env = { DATA_DIR: dataDir, MUSIC_DIR: musicDir, LOUDNESS_SCAN: 'off' };
    const first = await adminProcess(['scan', '--json'], env);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.out)).toEqual({ files: FILES, added: FIXTURE_GOOD_AUDIO.length, updated: 0, removed: 0, failed: 2, seconds });
    expect(first.err).toContain('INFO scan finished');
    const again = await adminProcess(['scan', '--full'], env);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(new RegExp(`^scanned ${FILES} files in \\d+(\\.\\d)? s: 0 added, 0 updated, 0 removed, 0 failed\\n$`));
  });
});

describe.each(ENGINES)('scan through a running server (%s)', (engine) => {
  let t: TestApp;
  let musicDir: string;
  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-scan-cli-music-'));
    await buildFixtureLibrary(musicDir);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue', 'backend']);
    const video = t.app.modules.find((m) => m.name === 'video')!;
    await video.start!();
  });
  afterAll(async () => {
    await t?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  it('asks the server over its loopback admin listener and waits for the report', async () => {
    // The command's env names no music folder: only the server can have found these files.
    const r = await admin(['--json'], { DATA_DIR: t.dataDir });
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(await t.testDb.db.query('select path from scan_errors order by path')).toEqual(FIXTURE_BAD_AUDIO.map((path) => ({ path })).sort((a, b) => a.path.localeCompare(b.path)));
    expect(JSON.parse(r.out)).toEqual({ files: FILES, added: FIXTURE_GOOD_AUDIO.length, updated: 0, removed: 0, failed: 2, seconds });
    const status = (await (await t.app.request('/api/admin/status')).json()) as { data: { tracks: number; lastReport: { full: boolean } } };
    expect(status.data).toMatchObject({ tracks: FIXTURE_GOOD_AUDIO.length, lastReport: { full: false } });
    const full = await admin(['--full', '--json'], { DATA_DIR: t.dataDir });
    expect(JSON.parse(full.out)).toEqual({ files: FILES, added: 0, updated: 0, removed: 0, failed: 0, seconds });
    const after = (await (await t.app.request('/api/admin/status')).json()) as { data: { lastReport: { full: boolean } } };
    expect(after.data.lastReport.full).toBe(true);
  });
});
