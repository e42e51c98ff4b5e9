import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.js';
import type { Logger } from '../../log.js';
import type { VideoDocuments } from '../documents/video-documents.js';
import type { Previews } from '../previews.js';
import { retryDelayMs } from './backoff.js';
import { failureDetail, publicFailure } from './failure.js';
import { claimJob, deleteJob, insertJob, markDone, markFailed, releaseJob, renewLease, type JobRow } from './video-jobs.sql.js';

export interface WorkerOptions {
  /** Renders at once in this process. One by default: playback must stay smooth on 2 cores. */
  concurrency: number;
  /** How long a claimed job stays this worker's without a heartbeat. */
  leaseMs: number;
  /** How often due retries and requests from other instances are looked for. */
  pollMs: number;
  /** Names this worker in the jobs table (host, pid and a random part). */
  workerId: string;
}

export const DEFAULT_WORKER: Omit<WorkerOptions, 'workerId'> = { concurrency: 1, leaseMs: 10 * 60_000, pollMs: 30_000 };

export const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

export interface VideoWorker {
  /** Starts polling and listening for new requests. */
  start(): void;
  /** Stops taking jobs, aborts renders in flight and gives their jobs back. */
  stop(): Promise<void>;
  /** Imports queued requests and runs every due job to completion; the number of jobs run. */
  drain(): Promise<number>;
}

/**
 * Turns VideoRequest documents into previews. A request becomes a row in
 * video_jobs; workers (in this and other server instances) claim rows one at
 * a time, so a request is rendered by one worker only. A failure is recorded
 * on the request and retried with exponential backoff while other requests
 * go on.
 */
export function createVideoWorker(
  deps: { db: Db; log: Logger; now: () => number },
  ctx: { documents: VideoDocuments; previews: Previews },
  options: WorkerOptions,
): VideoWorker {
  const { db, now } = deps;
  const log = deps.log.child({ module: 'video' });
  const { documents, previews } = ctx;
  const { concurrency, leaseMs, pollMs, workerId } = options;
  const abort = new AbortController();
  const active = new Set<Promise<void>>();
  let filling = false;
  let fillAgain = false;
  let ran = 0;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;

  const importQueued = async () => {
    for (const req of await documents.queuedRequests(500)) await insertJob(db, req.$id, req.song_id, now());
  };

  const run = async (job: JobRow) => {
    const id = job.request_id;
    const signal = abort.signal;
    if (!(await documents.updateRequest(id, { status: 'rendering', attempts: job.attempts, error: null }))) {
      // The request was deleted while it waited.
      await deleteJob(db, id);
      return;
    }
    const heartbeat = setInterval(() => void renewLease(db, id, workerId, now(), leaseMs).catch(() => {}), leaseMs / 3);
    heartbeat.unref();
    try {
      // A preview may already exist (an admin attached a music video): nothing to render then.
      if (!(await previews.has(job.song_id))) await previews.renderSong(job.song_id, signal);
      await markDone(db, id, workerId, now());
      await documents.updateRequest(id, { status: 'done', error: null });
      log.info('video preview ready', { song: job.song_id, request: id, attempt: job.attempts });
    } catch (e) {
      if (signal.aborted) {
        // Stopping mid-render is not the song's fault: back in the queue, the attempt not counted.
        await releaseJob(db, id, workerId, now());
        await documents.updateRequest(id, { status: 'queued', attempts: job.attempts - 1 }).catch(() => false);
        return;
      }
      const detail = failureDetail(e);
      const delay = retryDelayMs(job.attempts);
      await markFailed(db, id, workerId, detail, delay == null ? null : now() + delay, now());
      await documents.updateRequest(id, { status: 'failed', attempts: job.attempts, error: publicFailure(e) });
      log.warn('video render failed', { song: job.song_id, request: id, attempt: job.attempts, retryInMs: delay, err: detail });
    } finally {
      clearInterval(heartbeat);
    }
  };

  /** Claims jobs until every slot is busy or nothing is due. */
  const fill = async (): Promise<void> => {
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = true;
    try {
      do {
        fillAgain = false;
        while (!abort.signal.aborted && active.size < concurrency) {
          const job = await claimJob(db, workerId, now(), leaseMs);
          if (!job) break;
          ran++;
          const p: Promise<void> = run(job)
            .catch((e: unknown) => log.error('video job crashed', { request: job.request_id, err: e }))
            .finally(() => {
              active.delete(p);
              kick();
            });
          active.add(p);
        }
      } while (fillAgain && !abort.signal.aborted);
    } finally {
      filling = false;
    }
  };

  const kick = () => {
    if (abort.signal.aborted) return;
    fill().catch((e: unknown) => log.error('video worker cannot claim jobs', { err: e }));
  };

  const tick = () => {
    importQueued()
      .catch((e: unknown) => log.error('video worker cannot read requests', { err: e }))
      .finally(kick);
  };

  return {
    start() {
      unsubscribe = documents.onRequestCreated((req) => {
        insertJob(db, req.$id, req.song_id, now())
          .catch((e: unknown) => log.error('video worker cannot queue a request', { request: req.$id, err: e }))
          .finally(kick);
      });
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      unsubscribe?.();
      if (timer) clearInterval(timer);
      abort.abort();
      while (filling) await new Promise((r) => setTimeout(r, 10));
      await Promise.allSettled([...active]);
    },
    async drain() {
      const before = ran;
      await importQueued();
      await fill();
      while (active.size > 0 || filling) {
        await Promise.race([...active, new Promise((r) => setTimeout(r, 20))]);
        await fill();
      }
      return ran - before;
    },
  };
}
