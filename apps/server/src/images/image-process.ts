import type { ChildProcess } from 'node:child_process';
import { forkChild } from '../start-worker.js';
import type { AnswerMessage, CardSpec, ImageInput, ImageJob, ImageMetadata, ImageResults, JobMessage, JobOf, TextSpec } from './image-jobs.js';

/** How long the image process stays after its last job before it ends. */
export const IMAGE_PROCESS_IDLE_MS = 30_000;

export interface Images {
  metadata(input: ImageInput): Promise<ImageMetadata>;
  squareJpeg(input: ImageInput, size: number, opts: { background: string; quality: number }): Promise<Buffer>;
  rasterize(input: ImageInput, size: number): Promise<Buffer>;
  text(spec: TextSpec): Promise<Buffer>;
  card(spec: CardSpec): Promise<Buffer>;
  /** The image process's pid while it runs. */
  pid(): number | undefined;
  /** Ends the image process now (a job asked later starts it again). */
  close(): Promise<void>;
}

interface Pending {
  resolve: (result: ImageResults[ImageJob['op']]) => void;
  reject: (error: Error) => void;
}

/**
 * Image work (reading, resizing, drawing: sharp and libvips) in a child process of its own, started
 * at the first job and ended IMAGE_PROCESS_IDLE_MS after the last. libvips works on threads of its
 * own and glibc keeps what they freed in per-thread arenas: in the server's own process every cover
 * resized would leave tens of megabytes held for good; in this process they go back to the system
 * when it ends. An image that crashes libvips fails its own job, not the server.
 */
export function createImageProcess(idleMs = IMAGE_PROCESS_IDLE_MS): Images {
  let child: ChildProcess | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | undefined;

  const settleAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const start = (): ChildProcess => {
    // Two malloc arenas, not eight per core: libvips's threads then share what they free (a fifth less at peak).
    const proc = forkChild(new URL('./image-child', import.meta.url), { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
    proc.on('message', (message: AnswerMessage) => {
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      if (message.ok) p.resolve(message.result);
      else p.reject(new Error(message.message));
      if (pending.size === 0) idle(proc);
    });
    proc.on('exit', (code, signal) => {
      if (child === proc) child = undefined;
      settleAll(new Error(`the image process stopped (${signal ?? `exit code ${code}`})`));
    });
    proc.on('error', (error) => {
      if (child === proc) child = undefined;
      settleAll(error);
    });
    return proc;
  };

  /** Nothing in flight: the server may end without waiting for the child, which ends after idleMs. */
  const idle = (proc: ChildProcess) => {
    proc.unref();
    proc.channel?.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (pending.size === 0 && child === proc) stop(proc);
    }, idleMs);
    idleTimer.unref();
  };

  const stop = (proc: ChildProcess) => {
    if (child === proc) child = undefined;
    if (proc.connected) proc.disconnect();
  };

  const run = <K extends ImageJob['op']>(job: JobOf<K>): Promise<ImageResults[K]> =>
    new Promise<ImageResults[K]>((resolve, reject) => {
      clearTimeout(idleTimer);
      const proc = (child ??= start());
      proc.ref();
      proc.channel?.ref();
      const id = nextId++;
      pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      proc.send({ id, job } satisfies JobMessage, (error) => {
        if (!error || !pending.has(id)) return;
        pending.delete(id);
        reject(error);
      });
    });

  const bytes = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

  return {
    metadata: (input) => run({ op: 'metadata', input }),
    squareJpeg: async (input, size, { background, quality }) => bytes(await run({ op: 'squareJpeg', input, size, background, quality })),
    rasterize: async (input, size) => bytes(await run({ op: 'rasterize', input, size })),
    text: async (spec) => bytes(await run({ op: 'text', text: spec })),
    card: async (spec) => bytes(await run({ op: 'card', card: spec })),
    pid: () => child?.pid,
    close: async () => {
      clearTimeout(idleTimer);
      const proc = child;
      if (!proc) return;
      // Held until it has ended (an idle child is unref'd), and killed if it has not after 5 s.
      proc.ref();
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      stop(proc);
      const kill = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(kill);
    },
  };
}

let shared: Images | undefined;

/** The server's image process, one per server process. */
export const images = (): Images => (shared ??= createImageProcess());
