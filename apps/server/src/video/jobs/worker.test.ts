import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type BackendEvent, type EventBus } from '../../backend/module.js';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { createVideo, type VideoModule } from '../module.js';
import { addLibrarySong, cornerColour, makeBrokenSong, makeCoverImage, makeSong, probeVideo } from '../test/media-fixtures.js';
import { getRequest, requestVideo } from '../test/video-requests.js';
import { RETRY } from './backoff.js';
import { DECODE_FAILED } from './failure.js';
import { selectJob } from './video-jobs.sql.js';

const PREVIEW_CREATED = 'databases.*.collections.*.documents.*.create';

describe.each(ENGINES)('video worker on %s', (engine) => {
  let t: TestDb;
  let dir: string;
  let bus: EventBus;
  let video: VideoModule;
  const events: BackendEvent[] = [];
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const songs: Record<'cover' | 'plain' | 'broken', { id: string; durationS: number }> = {} as never;

  beforeAll(async () => {
    t = await createTestDb(engine);
    dir = await mkdtemp(join(tmpdir(), 'lyra-video-'));
    const musicDir = join(dir, 'music');
    const dataDir = join(dir, 'data');
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, VIDEO_WORKER: 'off' });
    const deps = { config, db: t.db, log: silentLogger, now: () => clock };
    await migrate(t.db, 'catalogue');
    await migrate(t.db, 'backend');
    bus = createEventBus(deps);
    await bus.start();
    bus.subscribe((e) => events.push(e));
    video = await createVideo(deps, { events: bus, admin: false });

    await mkdir(musicDir, { recursive: true });
    const cover = await makeCoverImage(join(dir, 'cover.jpg'));
    const common = { musicDir, dataDir };
    songs.cover = await addLibrarySong(t.db, { ...common, file: await makeSong(musicDir, 'a.ogg', 7), title: 'With cover', cover });
    songs.plain = await addLibrarySong(t.db, { ...common, file: await makeSong(musicDir, 'b.ogg', 5), title: 'No cover', bitrateKbps: 320 });
    songs.broken = await addLibrarySong(t.db, { ...common, file: await makeBrokenSong(musicDir, 'c.ogg'), title: 'Broken' });
  });

  afterAll(async () => {
    await video?.stop();
    await bus?.stop();
    await t?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("turns a request into a public VideoPreview whose video plays for the song's length", async () => {
    events.length = 0;
    const requestId = await requestVideo(t.db, bus.publish, { songId: songs.cover.id, userId: 'u1', nowMs: clock });

    expect(await video.worker.drain()).toBe(1);

    const [preview] = (await video.previews.list()).filter((p) => p.song_id === songs.cover.id);
    expect(preview).toMatchObject({
      song_id: songs.cover.id,
      aws_url: `/videos/${songs.cover.id}/preview.mp4`,
      // 128 kbps source: its best tier is 160 (catalogue ceilingTier).
      audio_url: `/media/${songs.cover.id}/160.mp4`,
    });
    const mp4 = await probeVideo(join(video_dataDir(), songs.cover.id, 'preview.mp4'));
    expect(mp4).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 480, height: 480, hasAudio: false });
    expect(Math.abs(mp4.durationS - songs.cover.durationS)).toBeLessThanOrEqual(1);
    const webm = await probeVideo(join(video_dataDir(), songs.cover.id, 'preview.webm'));
    expect(webm).toMatchObject({ codec: 'vp9', width: 480, height: 480 });
    expect(Math.abs(webm.durationS - songs.cover.durationS)).toBeLessThanOrEqual(1);

    // Everyone learns of the preview; the requester also sees their request finish.
    const created = events.filter((e) => e.events.includes(PREVIEW_CREATED) && e.payload.$collectionId === 'VideoPreview');
    expect(created).toHaveLength(1);
    expect(created[0]!.roles).toEqual(['any']);
    expect(created[0]!.payload).toMatchObject({ $id: preview!.$id, song_id: songs.cover.id, aws_url: preview!.aws_url });
    const updates = events.filter((e) => e.payload.$id === requestId && e.events[0]!.endsWith('.update'));
    expect(updates.map((e) => e.payload.status)).toEqual(['rendering', 'done']);
    expect(updates.every((e) => e.roles.includes('user:u1') && !e.roles.includes('any'))).toBe(true);
    expect(await getRequest(t.db, requestId)).toMatchObject({ status: 'done', attempts: 1, error: null });
  });

  it('renders the default cover for a song without art, with its best audio tier', async () => {
    await requestVideo(t.db, bus.publish, { songId: songs.plain.id, userId: 'u2', nowMs: clock });
    expect(await video.worker.drain()).toBe(1);
    const preview = (await video.previews.list()).find((p) => p.song_id === songs.plain.id);
    expect(preview?.audio_url).toBe(`/media/${songs.plain.id}/320.mp4`);
    const file = join(video_dataDir(), songs.plain.id, 'preview.mp4');
    const mp4 = await probeVideo(file);
    expect(Math.abs(mp4.durationS - songs.plain.durationS)).toBeLessThanOrEqual(1);
    // The default cover's indigo (assets/default-cover.svg), not a blank frame.
    const [r, g, b] = await cornerColour(file);
    expect(b! - r!).toBeGreaterThan(40);
    expect(b! - g!).toBeGreaterThan(40);
  });

  it('records a failed render on the request, keeps going, and retries it with backoff', async () => {
    const broken = await requestVideo(t.db, bus.publish, { songId: songs.broken.id, userId: 'u3', nowMs: clock });
    const missing = await requestVideo(t.db, bus.publish, { songId: 'not-in-library', userId: 'u4', nowMs: clock + 1 });

    // Both fail; neither blocks the other.
    expect(await video.worker.drain()).toBe(2);
    // The requester reads why, without the server's paths; the job keeps ffmpeg's own words.
    expect(await getRequest(t.db, broken)).toMatchObject({ status: 'failed', attempts: 1, error: DECODE_FAILED });
    expect((await selectJob(t.db, broken))!.error).toContain('c.ogg');
    expect(await getRequest(t.db, missing)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'song "not-in-library" is not in the library',
    });
    expect(await video.previews.has(songs.broken.id)).toBe(false);

    // Not due yet: nothing runs.
    expect(await video.worker.drain()).toBe(0);
    // One minute later both are tried again; then the wait doubles.
    clock += RETRY.firstDelayMs;
    expect(await video.worker.drain()).toBe(2);
    expect(await getRequest(t.db, broken)).toMatchObject({ status: 'failed', attempts: 2 });
    const job = await selectJob(t.db, broken);
    expect(new Date(job!.next_attempt_at).getTime()).toBe(clock + 2 * RETRY.firstDelayMs);
    clock += RETRY.firstDelayMs;
    expect(await video.worker.drain()).toBe(0);
  });

  it('still completes a request queued behind a failing one', async () => {
    clock += RETRY.maxDelayMs;
    const rm1 = await video.previews.remove(songs.plain.id);
    expect(rm1).toBe(true);
    const good = await requestVideo(t.db, bus.publish, { songId: songs.plain.id, userId: 'u2', nowMs: clock });
    // The failing requests are due again and older, so they are claimed first.
    expect(await video.worker.drain()).toBe(3);
    expect(await getRequest(t.db, good)).toMatchObject({ status: 'done', error: null });
    expect(await video.previews.has(songs.plain.id)).toBe(true);
  });

  it('gives up after the last attempt and leaves the request failed', async () => {
    for (let i = 0; i < RETRY.maxAttempts; i++) {
      clock += RETRY.maxDelayMs;
      await video.worker.drain();
    }
    const [row] = await t.db.query<{ request_id: string }>(`select request_id from video_jobs where song_id = $1`, [songs.broken.id]);
    const job = await selectJob(t.db, row!.request_id);
    expect(job).toMatchObject({ state: 'failed', attempts: RETRY.maxAttempts });
    expect(await getRequest(t.db, row!.request_id)).toMatchObject({ status: 'failed', attempts: RETRY.maxAttempts });
    clock += RETRY.maxDelayMs;
    expect(await video.worker.drain()).toBe(0);
  });

  function video_dataDir() {
    return join(dir, 'data', 'videos');
  }
});
