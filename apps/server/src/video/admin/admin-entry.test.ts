import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProcess } from '../test/admin-commands.js';

// The commands themselves: admin-server.test.ts and admin-direct.test.ts.

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lyra-admin-entry-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

describe('the admin entry point', () => {
  it('prints the usage with exit code 2 for a bad command line', async () => {
    const r = await adminProcess(['video', 'add', 'song1'], { DATA_DIR: dataDir });
    expect(r.code).toBe(2);
    expect(r.err).toContain('error: video add takes <songId> <file>');
    expect(r.err).toContain('usage: npm run admin -- video <command>');
  });

  it('stops with exit code 2 on a bad setting, naming it', async () => {
    const r = await adminProcess(['video', 'list'], { DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' });
    expect(r.code).toBe(2);
    expect(r.err).toContain('Invalid DATABASE_URL="mysql://x"');
  });
});
