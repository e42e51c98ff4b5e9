/**
 * Web Storage that never throws: private modes, quotas and hand-edited values
 * must not break playback. Values are JSON.
 */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readJson<T>(storage: StorageLike | undefined, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(storage: StorageLike | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the value simply is not remembered.
  }
}

export function readText(storage: StorageLike | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(storage: StorageLike | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // As above.
  }
}

export const local = (): StorageLike | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
export const session = (): StorageLike | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
