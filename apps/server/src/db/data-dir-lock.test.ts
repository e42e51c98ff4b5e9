import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { ownStartTime } from './process-alive.js';

const lockFile = (dir: string) => readFile(join(dir, 'pglite.lock'), 'utf8');
const ownLock = `${process.pid} ${ownStartTime()}`;

/** A process killed with SIGKILL whose parent has not reaped it yet: a zombie, as after `kill -9` under a busy supervisor. */
async function zombie(): Promise<{ pid: number; reap: () => void }> {
  // sh starts a short sleep in the background and becomes a long `sleep`, which never reaps it.
  const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 30']);
  const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  for (let i = 0; i < 150 && !(await readFile(`/proc/${pid}/stat`, 'utf8')).includes(') Z '); i++) await new Promise((r) => setTimeout(r, 20));
  return { pid, reap: () => parent.kill('SIGKILL') };
}

describe('data folder lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is held by one process at a time and released on close', async () => {
    const release = lockDataDir(dir);
    expect(await lockFile(dir)).toBe(ownLock);
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
    expect(await lockFile(dir)).toBe(ownLock);
    release();
  });

  it('takes over a lock whose owner was killed and is not yet reaped (a zombie)', async () => {
    const z = await zombie();
    try {
      expect(await readFile(`/proc/${z.pid}/stat`, 'utf8')).toMatch(/\) Z /);
      await writeFile(join(dir, 'pglite.lock'), String(z.pid));
      const release = lockDataDir(dir);
      expect(await lockFile(dir)).toBe(ownLock);
      release();
    } finally {
      z.reap();
    }
  });

  it('takes over a lock whose pid now belongs to another process (a different start time)', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(join(dir, 'pglite.lock'), `${child.pid} 1`);
      const release = lockDataDir(dir);
      expect(await lockFile(dir)).toBe(ownLock);
      release();
    } finally {
      child.kill();
    }
  });

  it('still refuses a live owner recorded with its start time', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await new Promise((r) => child.once('spawn', r));
      const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8');
      const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      await writeFile(join(dir, 'pglite.lock'), `${child.pid} ${started}`);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`process ${child.pid}`));
    } finally {
      child.kill();
    }
  });
});
