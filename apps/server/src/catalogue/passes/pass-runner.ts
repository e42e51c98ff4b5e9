import type { Logger } from '../../log.js';

/**
 * A background pass over the library: does one batch of work per call and
 * says how much it did (0 = nothing left for now). Loudness and lyrics are
 * passes; they run after each scan, one at a time, at low priority.
 */
export interface LibraryPass {
  readonly name: string;
  batch(signal: AbortSignal): Promise<number>;
  /** After the last batch of a round (e.g. album figures). */
  finish?(signal: AbortSignal): Promise<void>;
  /**
   * A long pass (loudness: ffmpeg over every new file) stops its round between batches when a scan asks
   * for another, so the quick passes before it (a sidecar .lrc just added) run first; it goes on in that
   * round, and its `finish` waits for a round it completes. Only a pass without a cursor of its own may.
   */
  yieldsToKick?: boolean;
}

export interface PassRunner {
  /** Looks for work now (after a scan). */
  kick(): void;
  /** Resolves when every pass has nothing left (tests, the admin CLI). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Without a kick, how often to look again (a scan kicks at once). */
const RECHECK_MS = 10 * 60_000;

export function startPassRunner(passes: readonly LibraryPass[], log: Logger): PassRunner {
  const abort = new AbortController();
  const { signal } = abort;
  let wake: (() => void) | null = null;
  const idleWaiters: (() => void)[] = [];
  let busy = false;
  let pendingKick = true;

  const round = async (pass: LibraryPass) => {
    let done = 0;
    let yielded = false;
    try {
      for (let n = await pass.batch(signal); n > 0 && !signal.aborted; n = await pass.batch(signal)) {
        done += n;
        if (pass.yieldsToKick && pendingKick) {
          yielded = true;
          break;
        }
      }
      if (!signal.aborted && !yielded) await pass.finish?.(signal);
    } catch (e) {
      if (!signal.aborted) log.warn(`${pass.name} pass failed`, { error: e });
    }
    if (done > 0) log.info(`${pass.name} pass`, { tracks: done });
  };

  const loop = async () => {
    while (!signal.aborted) {
      pendingKick = false;
      busy = true;
      for (const pass of passes) if (!signal.aborted) await round(pass);
      busy = false;
      if (signal.aborted) break;
      if (pendingKick) continue;
      for (const w of idleWaiters.splice(0)) w();
      await new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const timer = setTimeout(resolve, RECHECK_MS);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    for (const w of idleWaiters.splice(0)) w();
  };
  const running = loop();

  return {
    kick() {
      pendingKick = true;
      wake?.();
    },
    idle: () => (!busy && !pendingKick ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
    async stop() {
      abort.abort();
      wake?.();
      await running;
    },
  };
}
