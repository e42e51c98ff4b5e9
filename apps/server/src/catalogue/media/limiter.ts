/**
 * At most `max` tasks run at once; the rest wait in arrival order. A waiting
 * task can be withdrawn (its listeners all left), and then never runs.
 */
export interface Limiter {
  /** Queues `task`; it runs when a slot is free and must call `release` exactly once when done. */
  enqueue(task: (release: () => void) => void): Ticket;
  readonly running: number;
  readonly waiting: number;
}

export interface Ticket {
  /** Withdraws a task that has not started; returns false when it already runs. */
  cancel(): boolean;
}

export function createLimiter(max: number): Limiter {
  let running = 0;
  const queue: ((release: () => void) => void)[] = [];

  const next = () => {
    while (running < max && queue.length > 0) {
      const task = queue.shift()!;
      running++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        running--;
        next();
      };
      try {
        task(release);
      } catch {
        release();
      }
    }
  };

  return {
    enqueue(task) {
      // A fresh wrapper per call, so the same function queued twice cancels once.
      const entry = (release: () => void) => task(release);
      queue.push(entry);
      next();
      return {
        cancel() {
          const i = queue.indexOf(entry);
          if (i < 0) return false;
          queue.splice(i, 1);
          return true;
        },
      };
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
