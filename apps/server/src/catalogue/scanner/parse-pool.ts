import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { UnreadableFile, type AudioFile, type ReadAudio } from './read-audio.js';
import { startWorker } from '../../start-worker.js';

export interface ParseRequest {
  id: number;
  abs: string;
  size: number;
}
export type ParseReply = { id: number; ok: true; audio: AudioFile } | { id: number; ok: false; message: string };

/** Reads tags on worker threads, one per core, so the event loop keeps serving during a scan. */
export interface ParsePool {
  read: ReadAudio;
  /** Files read at once across the pool (each thread interleaves a few reads' I/O). */
  readonly concurrency: number;
  close(): Promise<void>;
}

/** Reads in flight per thread: parsing is CPU, but each file's first bytes wait on the disk. */
const PER_THREAD = 4;

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (a: AudioFile) => void; reject: (e: Error) => void }>;
}

/**
 * Threads start on the first read (a rescan that reads nothing starts none) and
 * end with close(). A thread that dies fails its reads in flight (the files are
 * reported unreadable, the scan goes on) and is replaced on the next read.
 */
export function createParsePool(threads = availableParallelism()): ParsePool {
  const size = Math.max(1, threads);
  const slots: (Slot | null)[] = Array.from({ length: size }, () => null);
  let nextId = 1;
  let turn = 0;
  let closed = false;

  const spawn = (i: number): Slot => {
    const slot: Slot = { worker: startWorker(new URL('./parse-worker', import.meta.url)), pending: new Map() };
    slot.worker.on('message', (reply: ParseReply) => {
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.audio);
      else p.reject(new UnreadableFile(reply.message));
    });
    const fail = (e: Error) => {
      if (slots[i] === slot) slots[i] = null;
      for (const p of slot.pending.values()) p.reject(new UnreadableFile(`tag reader stopped: ${e.message}`));
      slot.pending.clear();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    slots[i] = slot;
    return slot;
  };

  // The least busy thread, round robin among equals.
  const pick = (): Slot => {
    let best = -1;
    for (let k = 0; k < size; k++) {
      const i = (turn + k) % size;
      const load = slots[i]?.pending.size ?? 0;
      if (best === -1 || load < (slots[best]?.pending.size ?? 0)) best = i;
    }
    turn = (best + 1) % size;
    return slots[best] ?? spawn(best);
  };

  return {
    concurrency: size * PER_THREAD,
    read(abs, sizeBytes) {
      if (closed) return Promise.reject(new Error('the tag reader pool is closed'));
      const slot = pick();
      const id = nextId++;
      return new Promise<AudioFile>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, abs, size: sizeBytes } satisfies ParseRequest);
      });
    },
    async close() {
      closed = true;
      const live = slots.filter((s): s is Slot => s !== null);
      slots.fill(null);
      await Promise.all(live.map((s) => s.worker.terminate()));
    },
  };
}
