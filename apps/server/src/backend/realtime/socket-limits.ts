/**
 * Bounds on realtime sockets: how many one client address may hold open at
 * once, how many messages one socket may send in a window, and how much its
 * subscriptions may hold. Pure: the caller passes the clock.
 */
/** The default of REALTIME_MAX_PER_ADDRESS. */
export const MAX_SOCKETS_PER_ADDRESS = 100;
export const MESSAGES_PER_WINDOW = 60;
export const MESSAGE_WINDOW_MS = 10_000;

/**
 * Subscriptions. The web app holds one subscription of 7 channels; the bounds
 * are far past any real app and cap what a socket that asks for the most can
 * make the server keep.
 */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
export const MAX_CHANNELS_PER_SUBSCRIPTION = 100;
/** Distinct channel names across one socket's subscriptions. */
export const MAX_CHANNELS_PER_SOCKET = 100;
/**
 * Ids are at most 36 characters, so the longest channel an event is published
 * on is `databases.<id>.collections.<id>.documents.<id>.create`, 149; a longer
 * name could never receive anything.
 */
export const MAX_CHANNEL_LENGTH = 160;
/**
 * A subscription's weight is about what it keeps in memory: 1, plus 1 per
 * channel, plus 1 per started MAX_CHANNEL_LENGTH characters of queries
 * (subscription.ts). The web app's subscription weighs 8; a weight costs at
 * most about 650 bytes of heap (a subscription of one channel of 160
 * characters; channels of 100-channel subscriptions about 450, queries 260).
 *
 * The sockets of one client address may hold this much per socket
 * REALTIME_MAX_PER_ADDRESS lets it open: 2,000 with the default of 100.
 */
export const ADDRESS_WEIGHT_PER_SOCKET = 20;
/** What all sockets' subscriptions may weigh together: at most about 65 MB. */
export const MAX_SUBSCRIPTION_WEIGHT = 100_000;

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

/** Which budget refused a subscription. */
export type Refusal = 'address' | 'server';

/** The weight of the subscriptions held, per client address and in total. */
export function createSubscriptionBudget(perAddress: number, total = MAX_SUBSCRIPTION_WEIGHT) {
  const held = new Map<string, number>();
  let all = 0;
  return {
    /** Takes `weight` for `address`, or says which budget has no room for it (and takes nothing). */
    take(address: string, weight: number): Refusal | null {
      const n = held.get(address) ?? 0;
      if (n + weight > perAddress) return 'address';
      if (all + weight > total) return 'server';
      held.set(address, n + weight);
      all += weight;
      return null;
    },
    release(address: string, weight: number): void {
      const n = (held.get(address) ?? 0) - weight;
      all -= weight;
      if (n > 0) held.set(address, n);
      else held.delete(address);
    },
    /** What `address` holds, or every address when none is given. */
    held: (address?: string) => (address === undefined ? all : (held.get(address) ?? 0)),
  };
}
