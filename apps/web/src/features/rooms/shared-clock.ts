/**
 * The room's shared clock (SPEC#rooms-start-join): this device's offset from
 * the server's clock, measured NTP-style. A reading sends at t0 (this
 * device's clock), the server answers its clock on arrival (r) and departure
 * (s), the answer comes back at t1:
 *
 *   round trip = (t1 - t0) - (s - r)      offset = ((r - t0) + (s - t1)) / 2
 *
 * The offset is off by at most half the round trip, and by less when the
 * way there and back take as long; so readings with the shortest round trips
 * are kept and the offset is their median. Pure: the caller reads the clocks
 * and the network.
 */
export interface ClockReading {
  /** This device's clock when the request left and when the answer came (ms). */
  t0: number;
  t1: number;
  /** The server's clock when the request arrived and when the answer left (ms). */
  received: number;
  sent: number;
}

export interface ClockSample {
  offsetMs: number;
  rttMs: number;
  /** This device's clock when it was taken. */
  at: number;
}

export interface SharedClock {
  samples: readonly ClockSample[];
  /** server clock = this device's clock + offsetMs; null before any reading. */
  offsetMs: number | null;
  /** The round trip of the best sample: the offset is good to about half of it. */
  bestRttMs: number | null;
}

/** Readings kept (the newest), and of them the fastest that make the estimate. */
export const KEPT_SAMPLES = 16;
export const BEST_SAMPLES = 4;
/** Readings taken when a device joins, then one every READ_EVERY_MS. */
export const FIRST_READINGS = 8;
export const READ_EVERY_MS = 30_000;
/** A reading this long is dropped: its offset could be anything within it. */
export const MAX_RTT_MS = 2_000;

export const NO_CLOCK: SharedClock = { samples: [], offsetMs: null, bestRttMs: null };

export function sampleOf(r: ClockReading): ClockSample | null {
  const rtt = r.t1 - r.t0 - Math.max(0, r.sent - r.received);
  if (!Number.isFinite(rtt) || rtt < 0 || rtt > MAX_RTT_MS) return null;
  return { offsetMs: (r.received - r.t0 + (r.sent - r.t1)) / 2, rttMs: rtt, at: r.t1 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The clock after one more reading. */
export function addReading(clock: SharedClock, r: ClockReading): SharedClock {
  const sample = sampleOf(r);
  if (!sample) return clock;
  const samples = [...clock.samples, sample].slice(-KEPT_SAMPLES);
  const best = [...samples].sort((a, b) => a.rttMs - b.rttMs).slice(0, BEST_SAMPLES);
  return { samples, offsetMs: median(best.map((s) => s.offsetMs)), bestRttMs: best[0]!.rttMs };
}

/** The server's clock now, from this device's. */
export const serverNow = (clock: SharedClock, localNow: number): number => localNow + (clock.offsetMs ?? 0);
