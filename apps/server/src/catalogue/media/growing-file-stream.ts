import { close, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import type { TranscodeJob } from './transcode-job.js';

const CHUNK = 64 * 1024;

/**
 * The live output of a transcode, from its first byte, for one listener:
 * reads what is already on disk, then waits for more until the job ends.
 * Many listeners can tail one job, each at its own pace (Readable
 * backpressure); the job is told when a listener leaves.
 */
export class GrowingFileStream extends Readable {
  private fd: number | null = null;
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
    if (this.fd === null) {
      open(this.job.livePath, 'r', (err, fd) => {
        if (err) return void this.destroy(err);
        if (this.destroyed) return close(fd, () => {});
        this.fd = fd;
        this.readMore();
      });
      return;
    }
    const n = Math.min(CHUNK, this.job.bytes - this.pos);
    const buf = Buffer.allocUnsafe(n);
    read(this.fd, buf, 0, n, this.pos, (err, got) => {
      if (err) return void this.destroy(err);
      if (this.destroyed) return;
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
    const fd = this.fd;
    this.fd = null;
    const done = () => {
      this.leave();
      cb(err);
    };
    if (fd === null) done();
    else close(fd, () => done());
  }
}
