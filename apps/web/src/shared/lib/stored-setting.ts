import { local, writeText, type StorageLike } from './storage.js';

/**
 * A listening preference kept on this device under `key` (a player setting the engine follows):
 * `set` keeps a valid value (anything else is ignored) and tells each listener at once; `onChange`
 * adds a listener and returns its removal. How a kept value is read stays with the setting.
 */
export function storedSetting<T>(key: string, isValid: (value: T) => boolean, toText: (value: T) => string = String) {
  const listeners = new Set<(value: T) => void>();
  return {
    set(value: T, storage: StorageLike | undefined = local()): void {
      if (!isValid(value)) return;
      writeText(storage, key, toText(value));
      for (const l of listeners) l(value);
    },
    onChange(listener: (value: T) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
