import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** Niceness of render processes: below audio transcodes, which a listener is waiting for. */
export const RENDER_NICENESS = 15;

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

const STDERR_KEEP = 4096;

/**
 * Runs ffmpeg (or ffprobe) to completion at low CPU priority and resolves to
 * its stdout. Fails with the end of its stderr, which is where ffmpeg says why.
 * Aborting kills the process.
 */
export function runTool(
  binary: string,
  args: readonly string[],
  opts: { signal?: AbortSignal; niceness?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new FfmpegError('aborted', null));
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (opts.niceness && child.pid !== undefined) {
      try {
        setPriority(child.pid, opts.niceness);
      } catch {
        // Not permitted here (or the process already ended): run at normal priority.
      }
    }
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => {
      err = (err + b.toString('utf8')).slice(-STDERR_KEEP);
    });
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (e) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`cannot run ${binary}: ${e.message}`, null));
    });
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(new FfmpegError('aborted', code));
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const reason = lastLines(err) || `exit code ${code}`;
      reject(new FfmpegError(reason, code));
    });
  });
}

/** The last few meaningful lines of ffmpeg's stderr, as one line. */
export function lastLines(stderr: string, max = 3): string {
  return stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-max)
    .join(' | ')
    .slice(0, 500);
}
