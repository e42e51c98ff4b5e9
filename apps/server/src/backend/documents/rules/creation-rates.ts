import type { Db } from '../../../db/db.js';
import { accountErrors } from '../../accounts/errors.js';
import type { Caller } from '../../auth/caller.js';
import { limiterStoreFor } from '../../auth/limiter-store.js';
import { createRateLimiter, type RateLimiter } from '../../auth/rate-limiter.js';
import type { Window } from '../../auth/rate-window.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface CreationRate {
  /** Creates one session may make in the window. */
  session: Window;
  /** Creates one user may make in the window, all their sessions (devices) together. */
  user: Window;
}

/**
 * How many documents of each collection a client may create (Appwrite's abuse
 * limits, sized to what the web app writes so a real listener never meets
 * them). Every create counts, whether or not it succeeds.
 *
 * - History: one per play that counted, after half the song or 4 minutes of
 *   listening (player-core listen-count.ts); 120 in 10 minutes is a song every
 *   5 seconds, one device at a time.
 * - Feedback: a handful (SPEC#validation-feedback allows feedback, not a stream of it).
 * - Favorite: a tap each, and the favourites that failed are sent again at once.
 * - PlaylistSong: a song each; offline additions are sent in one go, and a
 *   playlist holds up to 500 songs.
 */
export const CREATION_RATES: Readonly<Record<string, CreationRate>> = {
  History: { session: { max: 120, windowMs: 10 * MINUTE_MS }, user: { max: 240, windowMs: 10 * MINUTE_MS } },
  Feedback: { session: { max: 5, windowMs: HOUR_MS }, user: { max: 10, windowMs: 24 * HOUR_MS } },
  Favorite: { session: { max: 300, windowMs: 10 * MINUTE_MS }, user: { max: 600, windowMs: 10 * MINUTE_MS } },
  Playlist: { session: { max: 30, windowMs: 10 * MINUTE_MS }, user: { max: 60, windowMs: 10 * MINUTE_MS } },
  PlaylistSong: { session: { max: 500, windowMs: 10 * MINUTE_MS }, user: { max: 1000, windowMs: 10 * MINUTE_MS } },
};

/** Any other collection (VideoRequest has its own 3 a day besides, video-request-limit.ts). */
export const DEFAULT_CREATION_RATE: CreationRate = {
  session: { max: 60, windowMs: 10 * MINUTE_MS },
  user: { max: 120, windowMs: 10 * MINUTE_MS },
};

export const creationRateOf = (collectionId: string): CreationRate => CREATION_RATES[collectionId] ?? DEFAULT_CREATION_RATE;

export interface CreationRates {
  /** Counts a create by `caller` in the collection; 429 general_rate_limit_exceeded (with Retry-After) when over. */
  take(caller: Caller, collectionId: string): Promise<void>;
}

/**
 * The counts live where the server's other rate limits do (limiter-store.ts):
 * in PostgreSQL's rate_limits table, shared by every instance on one
 * DATABASE_URL, or in memory on the embedded PGlite (one process).
 */
export function createCreationRates(db: Db, now: () => number): CreationRates {
  const store = limiterStoreFor(db);
  const limiters = new Map<string, RateLimiter>();
  const limiter = (collectionId: string, per: keyof CreationRate) => {
    const name = `create-document-${per}:${collectionId}`;
    let l = limiters.get(name);
    if (!l) limiters.set(name, (l = createRateLimiter({ name, ...creationRateOf(collectionId)[per], now, store })));
    return l;
  };
  return {
    async take(caller, collectionId) {
      // Callers without a user cannot create (collection permissions); the server's own writes (sessionId null) are not limited.
      if (!caller.userId || !caller.sessionId) return;
      const wait = (await limiter(collectionId, 'session').take(caller.sessionId)) || (await limiter(collectionId, 'user').take(caller.userId));
      if (wait > 0) throw accountErrors.rateLimited(wait);
    },
  };
}
