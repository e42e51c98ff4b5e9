/**
 * Bounds on realtime sockets: how many one client address may hold open at
 * once, and how many messages one socket may send in a window. Pure: the
 * caller passes the clock.
 */
/** The default of REALTIME_MAX_PER_ADDRESS. */
export const MAX_SOCKETS_PER_ADDRESS = 100;
export const MESSAGES_PER_WINDOW = 60;
export const MESSAGE_WINDOW_MS = 10_000;

/** Open sockets per client address. */
export function createAddressCounter(max = MAX_SOCKETS_PER_ADDRESS) {
  const open = new Map<string, number>();
  return {
    /** Takes a place for `address`, or false when it already holds `max`. */
    take(address: string): boolean {
      const n = open.get(address) ?? 0;
      if (n >= max) return false;
      open.set(address, n + 1);
      return true;
    },
    release(address: string): void {
      const n = (open.get(address) ?? 0) - 1;
      if (n > 0) open.set(address, n);
      else open.delete(address);
    },
    count: (address: string) => open.get(address) ?? 0,
  };
}

/** A fixed window per socket: `allow(now)` is false once it has sent `max` messages in the window. */
export function createMessageRate(max = MESSAGES_PER_WINDOW, windowMs = MESSAGE_WINDOW_MS) {
  let start = -Infinity;
  let used = 0;
  return {
    allow(now: number): boolean {
      if (now - start >= windowMs) {
        start = now;
        used = 0;
      }
      used++;
      return used <= max;
    },
  };
}
