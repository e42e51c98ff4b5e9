import { spawn } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDirect } from '../../cli/direct-target.js';
import { REPO_ROOT } from '../../config.js';
import { adminMain } from '../admin/admin-main.js';
import { makeMusicVideo, makeSong } from './media-fixtures.js';

export interface AdminRun {
  code: number | null;
  out: string;
  err: string;
}

/** Runs the admin CLI in this process; returns its exit code and what it printed. */
export async function admin(argv: string[], env: Record<string, string>): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await adminMain(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) }, openDirect);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs the real entry point (`npm run admin` runs its build) as a separate process. */
export function adminProcess(argv: string[], env: Record<string, string>): Promise<AdminRun> {
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

export interface AdminMedia {
  /** Temporary folder holding the two below; the caller removes it. */
  media: string;
  /** Its music folder. */
  music: string;
  /** A 5 s song in the music folder. */
  song: string;
  /** A 4 s 16:9 clip with sound, outside the music folder. */
  clip: string;
}

/** A music folder with one song and a music video to attach to it. */
export async function makeAdminMedia(): Promise<AdminMedia> {
  const media = await mkdtemp(join(tmpdir(), 'lyra-admin-media-'));
  const music = join(media, 'music');
  await mkdir(music);
  const [song, clip] = await Promise.all([makeSong(music, 'song.ogg', 5), makeMusicVideo(media, 4)]);
  return { media, music, song, clip };
}
