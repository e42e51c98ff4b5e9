/**
 * Turns bursts of file events into few scans: a scan starts once events have
 * been quiet for `quietMs`, or `maxWaitMs` after the first of a steady stream;
 * events during a scan queue exactly one more scan after it.
 */
export interface Coalescer {
  /** An event happened; `quietMs` overrides the wait once (a retry later). */
  poke(quietMs?: number): void;
  cancel(): void;
}

export interface CoalesceOptions {
  quietMs: number;
  maxWaitMs: number;
  now: () => number;
  /** The scan running now, whoever started it (events then queue a follow-up). */
  running: () => Promise<unknown> | null;
  /** Starts a scan; the promise settles when it ends. */
  run: () => Promise<unknown>;
}

export function createCoalescer(o: CoalesceOptions): Coalescer {
  let timer: NodeJS.Timeout | null = null;
  let firstAt: number | null = null;
  let queued = false;
  let cancelled = false;

  const fire = () => {
    timer = null;
    firstAt = null;
    if (cancelled) return;
    const current = o.running();
    if (current) {
      if (queued) return;
      queued = true;
      void current
        .catch(() => {})
        .finally(() => {
          queued = false;
          fire();
        });
      return;
    }
    void o.run().catch(() => {});
  };

  return {
    poke(quietMs = o.quietMs) {
      if (cancelled) return;
      const t = o.now();
      firstAt ??= t;
      if (timer) clearTimeout(timer);
      const deadline = firstAt + Math.max(o.maxWaitMs, quietMs);
      timer = setTimeout(fire, Math.max(0, Math.min(quietMs, deadline - t)));
    },
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
