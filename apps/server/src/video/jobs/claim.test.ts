import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '../../backend/module.js';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import { migrate } from '../../db/migrate.js';
import { openPostgres } from '../../db/postgres-db.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { createBackendVideoDocuments } from '../documents/backend-video-documents.js';
import type { Previews } from '../previews.js';
import { getRequest, requestVideo } from '../test/video-requests.js';
import { claimJob, insertJob } from './video-jobs.sql.js';
import { createVideoWorker, DEFAULT_WORKER } from './worker.js';

/** Previews that only count renders and take a while, so two workers overlap. */
function countingPreviews(renders: string[]): Previews {
  const made = new Set<string>();
  return {
    async renderSong(songId) {
      renders.push(songId);
      await new Promise((r) => setTimeout(r, 30));
      made.add(songId);
      return { $id: songId, song_id: songId, aws_url: '', audio_url: null };
    },
    attachVideo: () => Promise.reject(new Error('unused')),
    remove: async () => false,
    list: async () => [],
    has: async (songId) => made.has(songId),
  };
}

describe.each(ENGINES)('claiming video jobs on %s', (engine) => {
  let t: TestDb;
  let second: Db;
  let bus: EventBus;
  const now = Date.parse('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
    await migrate(t.db, 'backend');
    await migrate(t.db, 'video');
    // PostgreSQL: a second server instance has its own connections. PGlite is one process's alone.
    second = engine === 'postgres' ? await openPostgres(t.url!, 3) : t.db;
    const config = loadConfig({ DATA_DIR: '/nonexistent', VIDEO_WORKER: 'off' });
    bus = createEventBus({ config, db: t.db, log: silentLogger, now: () => now });
    await bus.start();
  });

  afterAll(async () => {
    await bus?.stop();
    if (second && second !== t.db) await second.close();
    await t?.drop();
  });

  it('hands each due job to one claimant only, even when claims race', async () => {
    for (let i = 0; i < 5; i++) await insertJob(t.db, `race-${i}`, `song-race-${i}`, now);
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimJob(i % 2 ? second : t.db, `w${i}`, now, 60_000)),
    );
    const got = claims.filter((c) => c !== null).map((c) => c.request_id);
    expect(got.sort()).toEqual(['race-0', 'race-1', 'race-2', 'race-3', 'race-4']);
    await t.db.query(`delete from video_jobs where request_id like 'race-%'`);
  });

  it('never lets two workers render the same request', async () => {
    const renders: string[] = [];
    const previews = countingPreviews(renders);
    const songIds = Array.from({ length: 8 }, (_, i) => `song-${i}`);
    const ids: string[] = [];
    for (const [i, songId] of songIds.entries()) {
      ids.push(await requestVideo(t.db, bus.publish, { songId, userId: `user${i}`, nowMs: now + i }));
    }
    const workers = [t.db, second].map((db, i) =>
      createVideoWorker(
        { db, log: silentLogger, now: () => now },
        { documents: createBackendVideoDocuments({ db, now: () => now }, bus), previews },
        { ...DEFAULT_WORKER, concurrency: 2, workerId: `worker-${i}` },
      ),
    );
    const ran = await Promise.all(workers.map((w) => w.drain()));

    expect(ran[0]! + ran[1]!).toBe(8);
    expect([...renders].sort()).toEqual(songIds);
    for (const id of ids) expect(await getRequest(t.db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('gives an interrupted render back to the queue without counting the attempt', async () => {
    let started!: () => void;
    const rendering = new Promise<void>((r) => (started = r));
    const hanging: Previews = {
      ...countingPreviews([]),
      has: async () => false,
      renderSong: (_songId, signal) =>
        new Promise((_, reject) => {
          started();
          signal!.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    };
    const id = await requestVideo(t.db, bus.publish, { songId: 'song-stop', userId: 'user-stop', nowMs: now });
    const worker = createVideoWorker(
      { db: t.db, log: silentLogger, now: () => now },
      { documents: createBackendVideoDocuments({ db: t.db, now: () => now }, bus), previews: hanging },
      { ...DEFAULT_WORKER, workerId: 'stopping' },
    );
    const drained = worker.drain();
    await rendering;
    expect(await getRequest(t.db, id)).toMatchObject({ status: 'rendering', attempts: 1 });
    await worker.stop();
    await drained;
    expect(await getRequest(t.db, id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await claimJob(t.db, 'next', now, 60_000)).toMatchObject({ request_id: id, attempts: 1 });
    await t.db.query(`delete from video_jobs where request_id = $1`, [id]);
  });

  it('claims a job again once the lease of a stopped worker has run out', async () => {
    await insertJob(t.db, 'orphan', 'song-orphan', now);
    const first = await claimJob(t.db, 'dead-worker', now, 60_000);
    expect(first?.request_id).toBe('orphan');
    expect(await claimJob(second, 'other', now + 59_000, 60_000)).toBeNull();
    const again = await claimJob(second, 'other', now + 61_000, 60_000);
    expect(again).toMatchObject({ request_id: 'orphan', worker: 'other', attempts: 2 });
  });
});
