import { databaseUnavailable, isDatabaseUnavailable } from './unavailable.js';

export interface OutageGateOptions {
  /** Resolves when the database answers on a fresh connection; rejects (or hangs) when it cannot be reached. */
  probe: () => Promise<void>;
  /** A probe that has not answered by then counts as failed. */
  probeTimeoutMs: number;
  /** While the database is down, how often the probe tries again. */
  probeEveryMs: number;
  /** A call still waiting after this long has the database probed (a lost connection that says nothing). */
  suspectAfterMs: number;
}

export interface OutageGate {
  /**
   * Runs `call` unless the database is known to be down, in which case it fails at once with
   * DATABASE_UNAVAILABLE. A call still waiting when the database is found down fails then;
   * `abandoned` runs so that work it would start later does not happen.
   */
  run<T>(call: () => Promise<T>, abandoned?: () => void): Promise<T>;
  /** Whether calls fail at once now. */
  readonly down: boolean;
  close(): void;
}

/** The watchdog looks at the oldest waiting call this many times per `suspectAfterMs`. */
export const WATCH_TICKS = 4;

interface Waiting {
  started: number;
  fail(err: Error): void;
}

/**
 * Fail-fast in front of a pool of connections (docs/running.md, "Running it": while PostgreSQL is
 * unreachable, requests fail within seconds with 503 and Retry-After). A call that fails as
 * unavailable, or one that waits longer than `suspectAfterMs`, has the database probed on a fresh
 * connection. When the probe fails, the calls waiting fail and new ones fail at once, until a probe
 * (every `probeEveryMs`) answers again. So no request waits for the pool's reconnection attempts
 * through an outage, and the first calls after it find the database back.
 */
export function createOutageGate(opts: OutageGateOptions): OutageGate {
  let state: 'up' | 'probing' | 'down' = 'up';
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  /** When the last probe that answered began: calls waiting since before then are not suspect. */
  let vouched = 0;
  const waiting = new Set<Waiting>();

  const probeOnce = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), opts.probeTimeoutMs);
    });
    try {
      return await Promise.race([opts.probe().then(() => true as const), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  const goDown = () => {
    state = 'down';
    const err = databaseUnavailable();
    for (const w of [...waiting]) w.fail(err);
    waiting.clear();
    const again = () => {
      retry = setTimeout(() => {
        void probeOnce().then((ok) => {
          if (closed) return;
          if (ok) state = 'up';
          else again();
        });
      }, opts.probeEveryMs);
      retry.unref();
    };
    again();
  };

  const suspect = () => {
    if (state !== 'up' || closed) return;
    state = 'probing';
    const began = Date.now();
    void probeOnce().then((ok) => {
      if (closed) return;
      if (!ok) return goDown();
      state = 'up';
      vouched = began;
    });
  };

  /** The oldest call that has waited since the last probe that answered (in order of start). */
  const oldestUnvouched = () => {
    for (const w of waiting) if (w.started >= vouched) return w;
    return undefined;
  };

  const watch = () => {
    if (watchdog || closed) return;
    watchdog = setInterval(() => {
      if (waiting.size === 0) {
        clearInterval(watchdog);
        watchdog = undefined;
        return;
      }
      // A slow query on a database that answers is probed once, not on every tick.
      const oldest = oldestUnvouched();
      if (oldest && Date.now() - oldest.started > opts.suspectAfterMs) suspect();
    }, opts.suspectAfterMs / WATCH_TICKS);
    watchdog.unref();
  };

  return {
    run<T>(call: () => Promise<T>, abandoned?: () => void): Promise<T> {
      if (state === 'down') return Promise.reject(databaseUnavailable());
      return new Promise<T>((resolve, reject) => {
        const w: Waiting = {
          started: Date.now(),
          fail(err) {
            abandoned?.();
            reject(err);
          },
        };
        waiting.add(w);
        watch();
        let pending: Promise<T>;
        try {
          pending = call();
        } catch (e) {
          pending = Promise.reject(e as Error);
        }
        pending.then(
          (value) => {
            waiting.delete(w);
            resolve(value);
          },
          (err: unknown) => {
            waiting.delete(w);
            if (isDatabaseUnavailable(err)) suspect();
            reject(err as Error);
          },
        );
      });
    },
    get down() {
      return state === 'down';
    },
    close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(watchdog);
      watchdog = undefined;
    },
  };
}
