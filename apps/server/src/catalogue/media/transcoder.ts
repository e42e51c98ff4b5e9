import type { Logger } from '../../log.js';
import { createLimiter, type Limiter } from './limiter.js';
import { TranscodeJob, type JobSpec } from './transcode-job.js';

/**
 * Sources longer than this are not worth finishing once every listener has
 * left: the transcode would hold one of the few slots for minutes.
 */
export const LONG_SOURCE_S = 20 * 60;

/** How long a failed transcode is remembered, so a broken file is not re-run on every retry. */
export const FAILURE_MEMORY_MS = 60_000;

export interface TranscodeRequest extends JobSpec {
  /** Source duration, for the abandonment rule (null when unknown). */
  durationS: number | null;
}

/**
 * Runs transcodes with one job per output file, at most `concurrency` at a
 * time (TRANSCODE_CONCURRENCY), the rest queued in arrival order.
 *
 * When the last listener of a job leaves:
 * - a queued job is dropped (no work was done, nobody wants it);
 * - a running job is finished and cached, because transcodes run many times
 *   faster than real time and the next play (or the same listener's retry or
 *   seek) is likely; except for sources over LONG_SOURCE_S, which are killed.
 */
export interface Transcoder {
  /** The running or queued job that will produce `finalPath`, if any. */
  find(finalPath: string): TranscodeJob | undefined;
  /** The same job for the same output; a new one (queued) otherwise. */
  start(req: TranscodeRequest): TranscodeJob;
  /** The error of a recent failed transcode of `finalPath`. */
  recentFailure(finalPath: string): Error | undefined;
  /** Kills everything (server stop); waits for the jobs to settle. */
  stop(): Promise<void>;
  readonly limiter: Limiter;
}

export function createTranscoder(concurrency: number, log: Logger, now: () => number): Transcoder {
  const limiter = createLimiter(concurrency);
  const jobs = new Map<string, TranscodeJob>();
  const failures = new Map<string, { at: number; error: Error }>();

  return {
    limiter,
    find: (finalPath) => jobs.get(finalPath),
    start(req) {
      const existing = jobs.get(req.finalPath);
      if (existing) return existing;
      const job = new TranscodeJob(req);
      jobs.set(req.finalPath, job);
      const began = now();
      const ticket = limiter.enqueue((release) => {
        if (job.ended) return release();
        void job.run().finally(release);
      });
      job.on('unref', (left: number) => {
        if (left > 0 || job.ended) return;
        if (job.state === 'queued') {
          ticket.cancel();
          job.cancel();
        } else if (req.durationS != null && req.durationS > LONG_SOURCE_S) {
          job.cancel();
        }
      });
      job.once('end', (state: string) => {
        jobs.delete(req.finalPath);
        if (state === 'failed' && job.error) {
          failures.set(req.finalPath, { at: now(), error: job.error });
          log.warn('transcode failed', { file: req.finalPath, error: job.error });
        } else {
          log.debug('transcode ' + state, { file: req.finalPath, ms: now() - began });
        }
      });
      return job;
    },
    recentFailure(finalPath) {
      const f = failures.get(finalPath);
      if (!f) return undefined;
      if (now() - f.at > FAILURE_MEMORY_MS) {
        failures.delete(finalPath);
        return undefined;
      }
      return f.error;
    },
    async stop() {
      const all = [...jobs.values()];
      for (const job of all) job.cancel();
      await Promise.all(all.map((job) => (job.ended ? null : new Promise((r) => job.once('end', r)))));
    },
  };
}
