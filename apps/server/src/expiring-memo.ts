/**
 * A bounded map whose entries are fresh for `ttlMs` after they were set: what
 * a hot path remembers of a table it reads on every request. The oldest entry
 * is dropped first when it is full. Pure: time comes from `now`.
 */
export interface ExpiringMemo<K, V> {
  /** The value set less than `ttlMs` ago, else undefined. */
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  /** Drops every entry whose value matches (e.g. all of one user's). */
  deleteWhere(match: (value: V, key: K) => boolean): void;
}

export function createExpiringMemo<K, V>({ ttlMs, max, now }: { ttlMs: number; max: number; now: () => number }): ExpiringMemo<K, V> {
  const entries = new Map<K, { at: number; value: V }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now() - hit.at < ttlMs) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { at: now(), value });
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(match) {
      for (const [key, { value }] of entries) if (match(value, key)) entries.delete(key);
    },
  };
}
