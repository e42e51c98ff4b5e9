import type { Db } from '../../db/db.js';
import { createPostgresLimiterStore } from './postgres-limiter-store.js';

/**
 * Where rate limits keep their counts: the attempt times of each key. In
 * memory for one process (PGlite); in PostgreSQL when several server
 * instances share a DATABASE_URL, so a limit holds across all of them.
 */
export interface LimiterStore {
  /**
   * Replaces `key`'s attempt times (oldest first) with what `change` returns,
   * atomically with respect to every other caller of this store, and answers
   * `change`'s result. An empty list forgets the key; `expiresAt` says when
   * the stored times no longer matter (the latest plus the window). `now`
   * is the caller's clock, by which stale keys are swept.
   */
  update<T>(key: string, now: number, change: (hits: number[]) => { hits: number[]; expiresAt: number; result: T }): Promise<T>;
  /** The key's attempt times as they are now, read without locking or writing (a check that counts nothing). */
  hits(key: string): Promise<number[]>;
  remove(key: string): Promise<void>;
}

/** A process's own counts, bounded: the least recently touched keys are forgotten first. */
export function createMemoryLimiterStore(maxKeys = 50_000): LimiterStore {
  const keys = new Map<string, number[]>();
  return {
    async update(key, _now, change) {
      const { hits, result } = change(keys.get(key) ?? []);
      keys.delete(key);
      if (hits.length > 0) keys.set(key, hits);
      if (keys.size > maxKeys) keys.delete(keys.keys().next().value!);
      return result;
    },
    async hits(key) {
      return [...(keys.get(key) ?? [])];
    },
    async remove(key) {
      keys.delete(key);
    },
  };
}

const stores = new WeakMap<Db, LimiterStore>();

/** The store for a database: its table on a PostgreSQL server, memory on the embedded PGlite (one process). */
export function limiterStoreFor(db: Db): LimiterStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = db.engine === 'postgres' ? createPostgresLimiterStore(db) : createMemoryLimiterStore()));
  return store;
}
