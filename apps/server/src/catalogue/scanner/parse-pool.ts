import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { readAudioFile, UnreadableFile, type AudioFile, type ReadAudio } from './read-audio.js';
import { startWorker } from '../../start-worker.js';

export interface ParseRequest {
  id: number;
  abs: string;
  size: number;
}
/** A thread's first message says it has loaded its parser; then one reply per request. */
export type ParseReply =
  | { ready: true }
  | { id: number; ok: true; audio: AudioFile }
  | { id: number; ok: false; message: string };

/**
 * Reads tags on worker threads, one per core but one (at least one), so the event loop keeps
 * serving during a scan.
 */
export interface ParsePool {
  read: ReadAudio;
  /** Files read at once across the pool (each thread interleaves a few reads' I/O). */
  readonly concurrency: number;
  /** Threads started and not ended (none until the scan is past a small change). */
  readonly threads: number;
  close(): Promise<void>;
}

/**
 * Tag-reading threads by default: one per core but one, which the rest of a scan keeps busy (the
 * event loop, and the database's thread or PostgreSQL's server), at least one. On two busy cores a
 * second thread read no faster, and the scan took up to a third more CPU: one more copy of the
 * parser loaded and its hot code optimised again (docs/performance.md).
 */
export const defaultThreads = (cores: number = availableParallelism()) => Math.max(1, cores - 1);

export interface ParsePoolOptions {
  /** Tag-reading threads (default: defaultThreads()). */
  threads?: number;
  /**
   * Reads done in process before the threads start. A thread takes about as
   * long to load its parser as the main thread takes to read this many files,
   * so a small change (a file dropped in, an album added) starts none.
   */
  inProcessReads?: number;
  /** The in-process reader (tests count its reads). */
  readInProcess?: ReadAudio;
}

/**
 * Reads in flight per thread: parsing is CPU, but each file's bytes come through the I/O thread pool
 * and its tags go back through the event loop, so a thread with few reads queued sits idle between
 * them. With 16 a first scan of 5,000 small files took about 15 % less time and CPU than with 4
 * (docs/performance-history.md); a read in flight holds a small file's bytes or a larger one's tags
 * and picture (read-audio.ts).
 */
export const PER_THREAD = 16;
/** About one thread start-up's worth of reads on the main thread (a few ms each). */
export const IN_PROCESS_READS = 64;

interface Slot {
  worker: Worker;
  ready: boolean;
  pending: Map<number, { resolve: (a: AudioFile) => void; reject: (e: Error) => void }>;
}

/**
 * The first `inProcessReads` reads of a pool run in process. The next one
 * starts the threads; until one of them has loaded its parser, reads still run
 * in process, then each read goes to the least busy ready thread. Threads end
 * with close(). A thread that dies fails its reads in flight (the files are
 * reported unreadable, the scan goes on) and is replaced on the next read.
 */
export function createParsePool(opts: ParsePoolOptions = {}): ParsePool {
  const size = Math.max(1, opts.threads ?? defaultThreads());
  const inProcessReads = opts.inProcessReads ?? IN_PROCESS_READS;
  const readInProcess = opts.readInProcess ?? readAudioFile;
  const slots: (Slot | null)[] = Array.from({ length: size }, () => null);
  let nextId = 1;
  let turn = 0;
  let requested = 0;
  let closed = false;

  const spawn = (i: number): Slot => {
    const slot: Slot = { worker: startWorker(new URL('./parse-worker', import.meta.url)), ready: false, pending: new Map() };
    slot.worker.on('message', (reply: ParseReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        return;
      }
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

  // The least busy ready thread, round robin among equals; null while none is ready.
  const pick = (): Slot | null => {
    let best = -1;
    for (let k = 0; k < size; k++) {
      const i = (turn + k) % size;
      if (!slots[i]?.ready) continue;
      if (best === -1 || slots[i]!.pending.size < slots[best]!.pending.size) best = i;
    }
    if (best === -1) return null;
    turn = (best + 1) % size;
    return slots[best]!;
  };

  return {
    concurrency: size * PER_THREAD,
    get threads() {
      return slots.filter((s) => s !== null).length;
    },
    read(abs, sizeBytes) {
      if (closed) return Promise.reject(new Error('the tag reader pool is closed'));
      if (++requested > inProcessReads) {
        // Threads start (or replace one that died) once the scan is past a small change.
        for (let i = 0; i < size; i++) if (!slots[i]) spawn(i);
      }
      const slot = pick();
      if (!slot) return readInProcess(abs, sizeBytes);
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
