import type { StorageLike } from '../shared/lib/storage.js';

/** An in-memory Web Storage for unit tests; `map` shows what was written. */
export function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}
