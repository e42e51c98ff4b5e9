import { useEffect, useState } from 'react';

/** SPEC#states-search, SPEC#limits-search: the query updates at once; the search runs after a 700 ms pause. */
export const SEARCH_DEBOUNCE_MS = 700;

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** SPEC#validation-search: a blank or whitespace-only query never searches. */
export const searchTerm = (text: string): string => text.trim();
