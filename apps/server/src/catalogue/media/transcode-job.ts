import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

import { ffmpegFeatures, forFfmpeg, type FfmpegFeatures } from './tiers.js';

/** Each ffmpeg binary's features, asked once per process (`-h muxer=mp4`). */
const featuresOf = new Map<string, Promise<FfmpegFeatures>>();
function probeFeatures(ffmpeg: string): Promise<FfmpegFeatures> {
  let probe = featuresOf.get(ffmpeg);
  if (!probe) {
    probe = new Promise((resolve) => {
      execFile(ffmpeg, ['-hide_banner', '-h', 'muxer=mp4'], { timeout: 10_000 }, (_error, stdout) => resolve(ffmpegFeatures(String(stdout ?? ''))));
    });
    featuresOf.set(ffmpeg, probe);
  }
  return probe;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobSpec {
  ffmpeg: string;
  /** Where the finished, seekable MP4 goes (renamed into place only when complete). */
  finalPath: string;
  /** Command line for ffmpeg, given the temporary path of the cache file. */
  args: (cacheTmp: string) => string[];
}

/**
 * One ffmpeg run. Its stdout (fragmented MP4) is appended to `livePath`, which
 * listeners tail while it grows (growing-file-stream.ts); `bytes` counts what is
 * already on disk. ffmpeg also writes the plain MP4 for the cache, which is
 * renamed to `finalPath` when ffmpeg succeeds, so the cache never holds a
 * partial file. The live file is removed once no listener holds it.
 */
export class TranscodeJob extends EventEmitter {
  state: JobState = 'queued';
  bytes = 0;
  error: Error | null = null;
  readonly livePath: string;
  private readonly cacheTmp: string;
  private child: ChildProcess | null = null;
  private refs = 0;
  private stderr = '';
  private killed = false;

  constructor(readonly spec: JobSpec) {
    super();
    this.setMaxListeners(0);
    const tag = randomBytes(4).toString('hex');
    this.livePath = `${spec.finalPath}.${tag}.live`;
    this.cacheTmp = `${spec.finalPath}.${tag}.tmp`;
  }

  /** How many listeners hold the job. */
  get holders(): number {
    return this.refs;
  }

  get ended(): boolean {
    return this.state === 'done' || this.state === 'failed' || this.state === 'cancelled';
  }

  /** A listener joins; the returned function leaves (idempotent). */
  ref(): () => void {
    this.refs++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.refs--;
      this.emit('unref', this.refs);
      if (this.refs === 0 && this.ended) void this.removeLive();
    };
  }

  /** Runs ffmpeg to the end; never rejects (the outcome is in `state`). */
  async run(): Promise<void> {
    if (this.state !== 'queued') return;
    this.state = 'running';
    try {
      await mkdir(dirname(this.spec.finalPath), { recursive: true });
      await this.transcode(await probeFeatures(this.spec.ffmpeg));
      await rename(this.cacheTmp, this.spec.finalPath);
      this.finish('done', null);
    } catch (e) {
      await rm(this.cacheTmp, { force: true }).catch(() => {});
      this.finish(this.killed ? 'cancelled' : 'failed', e instanceof Error ? e : new Error(String(e)));
    }
  }

  /** Stops the job: a queued job never starts, a running ffmpeg is killed. */
  cancel(): void {
    if (this.ended) return;
    if (this.state === 'queued') return this.finish('cancelled', new Error('transcode cancelled'));
    this.killed = true;
    this.child?.kill('SIGKILL');
  }

  private transcode(features: FfmpegFeatures): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.killed) return reject(new Error('transcode cancelled'));
      const out = createWriteStream(this.livePath);
      const args = forFfmpeg(this.spec.args(this.cacheTmp), features);
      const child = spawn(this.spec.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      this.child = child;
      let exit: { code: number | null; signal: string | null } | null = null;
      let flushed = false;
      const settle = () => {
        if (!exit || !flushed) return;
        if (exit.code === 0) return resolve();
        const why = this.stderr.trim().split('\n').slice(-3).join(' ') || `signal ${exit.signal}`;
        reject(new Error(`ffmpeg exited with ${exit.code ?? exit.signal}: ${why}`));
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        // Count bytes only once they are on disk, so a listener never reads past them.
        if (!out.write(chunk, () => this.progress(chunk.length))) child.stdout!.pause();
      });
      out.on('drain', () => child.stdout!.resume());
      child.stdout!.on('end', () => out.end());
      out.on('finish', () => {
        flushed = true;
        settle();
      });
      out.on('error', (e) => {
        child.kill('SIGKILL');
        reject(e);
      });
      child.stderr!.on('data', (d: Buffer) => {
        if (this.stderr.length < 4096) this.stderr += d.toString();
      });
      child.on('error', (e) => {
        out.destroy();
        reject(e);
      });
      child.on('close', (code, signal) => {
        exit = { code, signal };
        settle();
      });
    });
  }

  private progress(n: number): void {
    this.bytes += n;
    this.emit('progress', this.bytes);
  }

  private finish(state: JobState, error: Error | null): void {
    this.state = state;
    this.error = error;
    this.child = null;
    this.emit('end', state);
    if (this.refs === 0) void this.removeLive();
  }

  private async removeLive(): Promise<void> {
    await rm(this.livePath, { force: true }).catch(() => {});
  }
}
