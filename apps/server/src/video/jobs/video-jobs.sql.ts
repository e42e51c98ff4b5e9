import type { Queryable } from '../../db/db.js';

export type JobState = 'queued' | 'rendering' | 'done' | 'failed';

export interface JobRow {
  request_id: string;
  song_id: string;
  state: JobState;
  attempts: number;
  error: string | null;
  next_attempt_at: Date;
  worker: string | null;
}

/** Timestamps come from the caller's clock (ms), so tests can move time. */
const at = (ms: number) => new Date(ms).toISOString();

/** Adds a job for a request unless it already has one; true when added. */
export async function insertJob(db: Queryable, requestId: string, songId: string, nowMs: number): Promise<boolean> {
  const rows = await db.query(
    `insert into video_jobs (request_id, song_id, state, next_attempt_at, created_at, updated_at)
     values ($1, $2, 'queued', $3, $3, $3)
     on conflict (request_id) do nothing
     returning request_id`,
    [requestId, songId, at(nowMs)],
  );
  return rows.length > 0;
}

/**
 * Takes the oldest due job for `worker`, or null. `for update skip locked`
 * makes concurrent workers (several servers on one PostgreSQL) each take a
 * different row instead of waiting or taking the same one. A rendering job
 * whose lease ran out counts as due: its server stopped mid-render.
 */
export async function claimJob(db: Queryable, worker: string, nowMs: number, leaseMs: number): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `update video_jobs j
        set state = 'rendering', attempts = j.attempts + 1, worker = $1,
            lease_until = $3::timestamptz, updated_at = $2::timestamptz
      where j.request_id = (
              select request_id from video_jobs
               where (state = 'queued' and next_attempt_at <= $2::timestamptz)
                  or (state = 'rendering' and lease_until < $2::timestamptz)
               order by next_attempt_at, created_at
               limit 1
               for update skip locked)
      returning j.request_id, j.song_id, j.state, j.attempts, j.error, j.next_attempt_at, j.worker`,
    [worker, at(nowMs), at(nowMs + leaseMs)],
  );
  return row ?? null;
}

/** Extends the lease of a job this worker still holds; false when it lost it. */
export async function renewLease(db: Queryable, requestId: string, worker: string, nowMs: number, leaseMs: number) {
  const rows = await db.query(
    `update video_jobs set lease_until = $3, updated_at = $4
      where request_id = $1 and worker = $2 and state = 'rendering' returning 1`,
    [requestId, worker, at(nowMs + leaseMs), at(nowMs)],
  );
  return rows.length > 0;
}

export async function markDone(db: Queryable, requestId: string, worker: string, nowMs: number): Promise<void> {
  await db.query(
    `update video_jobs set state = 'done', error = null, lease_until = null, updated_at = $3
      where request_id = $1 and worker = $2`,
    [requestId, worker, at(nowMs)],
  );
}

/** Records a failure: queued again at `retryAtMs`, or failed for good when it is null. */
export async function markFailed(
  db: Queryable,
  requestId: string,
  worker: string,
  error: string,
  retryAtMs: number | null,
  nowMs: number,
): Promise<void> {
  await db.query(
    `update video_jobs
        set state = case when $4::timestamptz is null then 'failed' else 'queued' end,
            next_attempt_at = coalesce($4::timestamptz, next_attempt_at),
            error = $3, lease_until = null, updated_at = $5
      where request_id = $1 and worker = $2`,
    [requestId, worker, error, retryAtMs == null ? null : at(retryAtMs), at(nowMs)],
  );
}

export async function deleteJob(db: Queryable, requestId: string): Promise<void> {
  await db.query('delete from video_jobs where request_id = $1', [requestId]);
}

export async function selectJob(db: Queryable, requestId: string): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `select request_id, song_id, state, attempts, error, next_attempt_at, worker from video_jobs where request_id = $1`,
    [requestId],
  );
  return row ?? null;
}

/** The earliest time a queued job becomes due (ms), or null when none waits. */
export async function nextDueMs(db: Queryable): Promise<number | null> {
  const [row] = await db.query<{ t: Date | null }>(
    `select min(next_attempt_at) as t from video_jobs where state = 'queued'`,
  );
  return row?.t ? new Date(row.t).getTime() : null;
}

/** Gives a job back untried (its server is stopping): queued again, the attempt not counted. */
export async function releaseJob(db: Queryable, requestId: string, worker: string, nowMs: number): Promise<void> {
  await db.query(
    `update video_jobs set state = 'queued', attempts = greatest(attempts - 1, 0), lease_until = null,
            worker = null, updated_at = $3
      where request_id = $1 and worker = $2 and state = 'rendering'`,
    [requestId, worker, at(nowMs)],
  );
}

export async function deleteJobsFor(db: Queryable, songId: string): Promise<void> {
  await db.query('delete from video_jobs where song_id = $1', [songId]);
}
