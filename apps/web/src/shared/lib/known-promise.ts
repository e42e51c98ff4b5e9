type Marked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * Marks `promise` with its outcome when it settles (`status`, `value`,
 * `reason`), the convention React's `use` and `lazy` read: a component
 * waiting on it renders at once, without suspending, when it has already
 * settled. Home's rows chunk is loaded before the first render this way, so
 * the first render already shows the rows the page's HTML showed.
 */
export function knownPromise<T>(promise: Promise<T>): Promise<T> {
  const known: Marked<T> = promise;
  known.status = 'pending';
  promise.then(
    (value) => {
      known.status = 'fulfilled';
      known.value = value;
    },
    (reason: unknown) => {
      known.status = 'rejected';
      known.reason = reason;
    },
  );
  return known;
}
