import { useState } from 'react';

/**
 * A setting kept on this device (Profile's selects): its value, read from storage once, and a
 * `choose` that shows the new value at once and stores it.
 */
export function useStoredChoice<T>(read: () => T, store: (value: T) => void): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => read());
  const choose = (next: T) => {
    setValue(next);
    store(next);
  };
  return [value, choose];
}
