import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

describe('data folder lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is held by one process at a time and released on close', async () => {
    const release = lockDataDir(dir);
    expect(await readFile(join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    release();
    lockDataDir(dir)();
  });

  it('refuses a folder a live process holds, naming it', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(join(dir, 'pglite.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`^Invalid DATA_DIR: .* process ${child.pid}`));
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a dead process', async () => {
    await writeFile(join(dir, 'pglite.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(await readFile(join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
