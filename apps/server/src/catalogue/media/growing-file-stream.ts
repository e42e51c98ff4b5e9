import { Readable } from 'node:stream';
import { openShared, type Lease } from './shared-file.js';
import type { TranscodeJob } from './transcode-job.js';

const CHUNK = 64 * 1024;

/**
 * The live output of a transcode, from its first byte, for one listener:
 * reads what is already on disk, then waits for more until the job ends.
 * Many listeners can tail one job, each at its own pace (Readable
 * backpressure); the job is told when a listener leaves.
 */
export class GrowingFileStream extends Readable {
  private file: Lease | null = null;
  private opening = false;
  private pos = 0;
  private readonly leave: () => void;
  private waiting: (() => void) | null = null;

  constructor(private readonly job: TranscodeJob) {
    super({ highWaterMark: CHUNK });
    this.leave = job.ref();
  }

  override _read(): void {
    const job = this.job;
    if (this.pos < job.bytes) return this.readMore();
    if (job.state === 'done') return void this.push(null);
    if (job.ended) return void this.destroy(job.error ?? new Error('transcode stopped'));
    const wake = () => {
      job.off('progress', wake);
      job.off('end', wake);
      this.waiting = null;
      this._read();
    };
    this.waiting = wake;
    job.on('progress', wake);
    job.on('end', wake);
  }

  private readMore(): void {
    const file = this.file;
    if (file === null) {
      if (this.opening) return;
      this.opening = true;
      void openShared(this.job.livePath).then((opened) => {
        this.opening = false;
        if (!opened) return void this.destroy(new Error('live transcode file cannot be opened'));
        if (this.destroyed) return opened.release();
        this.file = opened;
        this.readMore();
      });
      return;
    }
    const n = Math.min(CHUNK, this.job.bytes - this.pos);
    const buf = Buffer.allocUnsafe(n);
    file.read(buf, 0, n, this.pos, (err, got) => {
      if (this.destroyed) return;
      if (err) return void this.destroy(err);
      if (got === 0) return void this.destroy(new Error('live transcode file is shorter than written'));
      this.pos += got;
      this.push(got === n ? buf : buf.subarray(0, got));
    });
  }

  override _destroy(err: Error | null, cb: (error?: Error | null) => void): void {
    if (this.waiting) {
      this.job.off('progress', this.waiting);
      this.job.off('end', this.waiting);
      this.waiting = null;
    }
    // A read still in flight keeps the descriptor open until it returns (shared-file.ts).
    this.file?.release();
    this.file = null;
    this.leave();
    cb(err);
  }
}
