import type { ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { forkChild } from '../start-worker.js';
import type { AnswerMessage, CardSpec, ImageInput, ImageJob, ImageMetadata, ImageResults, JobMessage, JobOf, TextSpec } from './image-jobs.js';

/** How long the image process stays after its last job before it ends. */
export const IMAGE_PROCESS_IDLE_MS = 30_000;
/** Jobs in the image process at once; libvips spreads each over its threads. */
export const IMAGE_JOBS_IN_FLIGHT = 4;
/**
 * The image process's niceness above the server's: a burst of covers to draw (a long list scrolled
 * on its first visit) yields the CPU to the server's own work (streams, the API) and to anything
 * else on the machine, such as a browser scrolling that list; with nothing else to do it runs at
 * full speed.
 */
export const IMAGE_PROCESS_NICENESS = 10;

export interface Images {
  metadata(input: ImageInput): Promise<ImageMetadata>;
  squareJpeg(input: ImageInput, size: number, opts: { background: string; quality: number }): Promise<Buffer>;
  rasterize(input: ImageInput, size: number): Promise<Buffer>;
  text(spec: TextSpec): Promise<Buffer>;
  card(spec: CardSpec): Promise<Buffer>;
  /** The image process's pid while it runs. */
  pid(): number | undefined;
  /** Jobs sent to the image process and not answered yet, and jobs waiting for their turn. */
  jobs(): { inFlight: number; waiting: number };
  /** Ends the image process now (a job asked later starts it again). */
  close(): Promise<void>;
}

interface Job {
  job: ImageJob;
  resolve: (result: ImageResults[ImageJob['op']]) => void;
  reject: (error: Error) => void;
}

/** One image process and the jobs it has been sent. */
interface Child {
  proc: ChildProcess;
  sent: Map<number, Job>;
}

/**
 * Image work (reading, resizing, drawing: sharp and libvips) in a child process of its own, started
 * at the first job and ended `idleMs` after the last. libvips works on threads of its own and glibc
 * keeps what they freed in per-thread arenas: in the server's own process every cover resized would
 * leave tens of megabytes held for good; in this process they go back to the system when it ends.
 * At most `maxInFlight` jobs are in the process at once (each holds a decoded image), the rest wait
 * their turn. An image that crashes libvips fails its own job, not the server, and the jobs waiting
 * go to a new process.
 */
export function createImageProcess(idleMs = IMAGE_PROCESS_IDLE_MS, maxInFlight = IMAGE_JOBS_IN_FLIGHT): Images {
  let current: Child | undefined;
  let nextId = 1;
  const queue: Job[] = [];
  let idleTimer: NodeJS.Timeout | undefined;

  const start = (): Child => {
    // Two malloc arenas, not eight per core: libvips's threads then share what they free (a fifth less at peak).
    const proc = forkChild(new URL('./image-child', import.meta.url), { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
    const child: Child = { proc, sent: new Map() };
    let spawned = false;
    proc.on('spawn', () => {
      spawned = true;
      try {
        setPriority(proc.pid!, Math.min(19, getPriority() + IMAGE_PROCESS_NICENESS));
      } catch {
        // A platform that does not let a process lower a child's priority: it runs at the server's.
      }
    });
    proc.on('message', (message: AnswerMessage) => {
      const job = child.sent.get(message.id);
      if (!job) return;
      child.sent.delete(message.id);
      if (message.ok) job.resolve(message.result);
      else job.reject(new Error(message.message));
      pump();
    });
    const ended = (error: Error) => {
      if (current === child) current = undefined;
      for (const job of child.sent.values()) job.reject(error);
      child.sent.clear();
      // A process that could not even start would fail the next one too: the waiting jobs fail with it.
      if (!spawned) for (const job of queue.splice(0)) job.reject(error);
      pump();
    };
    proc.on('exit', (code, signal) => ended(new Error(`the image process stopped (${signal ?? `exit code ${code}`})`)));
    proc.on('error', ended);
    return child;
  };

  /** Sends what waits while there is room, and holds the server open only while a job is out. */
  const pump = () => {
    while (queue.length > 0 && (current?.sent.size ?? 0) < maxInFlight) {
      const child = (current ??= start());
      const job = queue.shift()!;
      const id = nextId++;
      child.sent.set(id, job);
      child.proc.send({ id, job: job.job } satisfies JobMessage, (error) => {
        if (error && child.sent.delete(id)) job.reject(error);
      });
    }
    clearTimeout(idleTimer);
    const child = current;
    if (!child) return;
    if (child.sent.size > 0) {
      child.proc.ref();
      child.proc.channel?.ref();
      return;
    }
    // Nothing out: the server may end without waiting for the process, which ends after idleMs.
    child.proc.unref();
    child.proc.channel?.unref();
    idleTimer = setTimeout(() => {
      if (current === child && child.sent.size === 0) stop(child);
    }, idleMs);
    idleTimer.unref();
  };

  const stop = (child: Child) => {
    if (current === child) current = undefined;
    if (child.proc.connected) child.proc.disconnect();
  };

  const run = <K extends ImageJob['op']>(job: JobOf<K>): Promise<ImageResults[K]> =>
    new Promise<ImageResults[K]>((resolve, reject) => {
      queue.push({ job, resolve: resolve as Job['resolve'], reject });
      pump();
    });

  const bytes = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

  return {
    metadata: (input) => run({ op: 'metadata', input }),
    squareJpeg: async (input, size, { background, quality }) => bytes(await run({ op: 'squareJpeg', input, size, background, quality })),
    rasterize: async (input, size) => bytes(await run({ op: 'rasterize', input, size })),
    text: async (spec) => bytes(await run({ op: 'text', text: spec })),
    card: async (spec) => bytes(await run({ op: 'card', card: spec })),
    pid: () => current?.proc.pid,
    jobs: () => ({ inFlight: current?.sent.size ?? 0, waiting: queue.length }),
    close: async () => {
      clearTimeout(idleTimer);
      const child = current;
      if (!child) return;
      // Held until it has ended (an idle process is unref'd), and killed if it has not after 5 s.
      child.proc.ref();
      const exited = new Promise<void>((resolve) => child.proc.once('exit', () => resolve()));
      stop(child);
      const kill = setTimeout(() => child.proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(kill);
    },
  };
}

let shared: Images | undefined;

/** The server's image process, one per server process. */
export const images = (): Images => (shared ??= createImageProcess());
