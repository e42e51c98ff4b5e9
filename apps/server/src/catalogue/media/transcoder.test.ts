import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../log.js';
import { GrowingFileStream } from './growing-file-stream.js';
import type { TranscodeJob } from './transcode-job.js';
import { createTranscoder, FAILURE_MEMORY_MS, LONG_SOURCE_S, type TranscodeRequest } from './transcoder.js';

/**
 * The transcoder's queueing and abandonment rules, with /bin/sh standing in
 * for ffmpeg: each fake writes its "stream" to stdout and its "cache file" to
 * the temporary path it is given, and can be held at a gate file.
 */
describe('transcoder', () => {
  let dir: string;
  let clock: number;
  const now = () => clock;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-transcoder-'));
    clock = 1_000_000;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A fake ffmpeg: marks that it ran, waits for `gate` (if any), streams "one two", writes "cached". */
  const fake = (name: string, opts: { gate?: boolean; fail?: boolean; durationS?: number } = {}): TranscodeRequest => ({
    ffmpeg: '/bin/sh',
    finalPath: join(dir, `${name}.mp4`),
    durationS: opts.durationS ?? 200,
    args: (tmp) => [
      '-c',
      [
        `touch '${join(dir, name + '.ran')}'`,
        opts.gate ? `while [ ! -e '${join(dir, name + '.gate')}' ]; do sleep 0.02; done` : '',
        `printf 'one '`,
        'sleep 0.1',
        `printf 'two'`,
        opts.fail ? 'echo "Invalid data found when processing input" >&2; exit 1' : `printf cached > '${tmp}'`,
      ]
        .filter(Boolean)
        .join('\n'),
    ],
  });
  const open = (name: string) => writeFile(join(dir, name + '.gate'), '');
  const ran = (name: string) => existsSync(join(dir, name + '.ran'));
  const ended = (job: TranscodeJob) => (job.ended ? Promise.resolve() : new Promise((r) => job.once('end', r)));
  /** Until the fake ffmpeg of `name` has started (it marks that first thing). */
  const started = (name: string) => vi.waitFor(() => expect(ran(name)).toBe(true), { timeout: 10_000, interval: 10 });

  it('streams the output to a listener while it is written, then caches the finished file', async () => {
    const t = createTranscoder(2, silentLogger, now);
    const job = t.start(fake('a'));
    const body = text(new GrowingFileStream(job));
    expect(await body).toBe('one two');
    await ended(job);
    expect(job.state).toBe('done');
    expect(await readFile(join(dir, 'a.mp4'), 'utf8')).toBe('cached');
    expect(existsSync(job.livePath)).toBe(false);
  });

  it('gives every request for one output the same job', async () => {
    const t = createTranscoder(2, silentLogger, now);
    const a = t.start(fake('same'));
    expect(t.start(fake('same'))).toBe(a);
    expect(t.find(join(dir, 'same.mp4'))).toBe(a);
    const bodies = await Promise.all([text(new GrowingFileStream(a)), text(new GrowingFileStream(a))]);
    expect(bodies).toEqual(['one two', 'one two']);
    expect(t.find(join(dir, 'same.mp4'))).toBeUndefined();
  });

  it('runs at most TRANSCODE_CONCURRENCY jobs and queues the rest in order', async () => {
    const t = createTranscoder(1, silentLogger, now);
    const first = t.start(fake('first', { gate: true }));
    const second = t.start(fake('second'));
    const hold = [new GrowingFileStream(first), new GrowingFileStream(second)];
    await started('first');
    expect(first.state).toBe('running');
    expect(second.state).toBe('queued');
    expect(t.limiter.waiting).toBe(1);
    await open('first');
    await ended(second);
    expect(second.state).toBe('done');
    hold.forEach((s) => s.destroy());
  });

  it('drops a queued job when its last listener leaves, without ever running it', async () => {
    const t = createTranscoder(1, silentLogger, now);
    const blocker = t.start(fake('blocker', { gate: true }));
    const keep = new GrowingFileStream(blocker);
    const queued = t.start(fake('queued'));
    const listener = new GrowingFileStream(queued);
    listener.destroy();
    await ended(queued);
    expect(queued.state).toBe('cancelled');
    expect(t.find(join(dir, 'queued.mp4'))).toBeUndefined();
    await open('blocker');
    await ended(blocker);
    keep.destroy();
    // The blocker's slot is freed once its run settles; nothing is left to take it.
    await vi.waitFor(() => expect(t.limiter.running).toBe(0), { timeout: 10_000, interval: 10 });
    expect(t.limiter.waiting).toBe(0);
    expect(ran('queued')).toBe(false);
  });

  it('finishes and caches a running job whose listeners left', async () => {
    const t = createTranscoder(1, silentLogger, now);
    const job = t.start(fake('left', { gate: true }));
    const listener = new GrowingFileStream(job);
    await started('left');
    expect(job.state).toBe('running');
    listener.destroy();
    await open('left');
    await ended(job);
    expect(job.state).toBe('done');
    expect(existsSync(join(dir, 'left.mp4'))).toBe(true);
  });

  it(`kills a running job over ${LONG_SOURCE_S} s of source once nobody listens`, async () => {
    const t = createTranscoder(1, silentLogger, now);
    const job = t.start(fake('long', { gate: true, durationS: LONG_SOURCE_S + 1 }));
    const listener = new GrowingFileStream(job);
    await started('long');
    expect(job.state).toBe('running');
    listener.destroy();
    await ended(job);
    expect(job.state).toBe('cancelled');
    expect(existsSync(join(dir, 'long.mp4'))).toBe(false);
    expect(t.recentFailure(join(dir, 'long.mp4'))).toBeUndefined();
  });

  it('remembers a failure for a while, and tells listeners', async () => {
    const t = createTranscoder(1, silentLogger, now);
    const job = t.start(fake('bad', { fail: true }));
    const listener = new GrowingFileStream(job);
    const result = text(listener).then(
      () => 'ended',
      (e: Error) => e.message,
    );
    expect(await result).toMatch(/ffmpeg exited with 1: Invalid data found/);
    expect(job.state).toBe('failed');
    expect(existsSync(join(dir, 'bad.mp4'))).toBe(false);
    expect(t.recentFailure(join(dir, 'bad.mp4'))?.message).toMatch(/Invalid data/);
    clock += FAILURE_MEMORY_MS + 1;
    expect(t.recentFailure(join(dir, 'bad.mp4'))).toBeUndefined();
  });

  it('kills everything on stop', async () => {
    const t = createTranscoder(1, silentLogger, now);
    const running = t.start(fake('r', { gate: true }));
    const queued = t.start(fake('q'));
    const hold = [new GrowingFileStream(running), new GrowingFileStream(queued)];
    await started('r');
    await t.stop();
    expect(running.state).toBe('cancelled');
    expect(queued.state).toBe('cancelled');
    hold.forEach((s) => s.destroy());
  });
});
