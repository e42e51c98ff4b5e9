import { useEffect, useState } from 'react';
import { useNavigationType } from 'react-router';
import { readJson, session, writeJson, type StorageLike } from './storage.js';

/**
 * Where a list screen was scrolled to, per address, for the tab's lifetime
 * (SPEC §2: the list screen restores its scroll position on return).
 */
const keyOf = (path: string) => `scroll:${path}`;

export function rememberScroll(path: string, y: number, storage: StorageLike | undefined = session()): void {
  writeJson(storage, keyOf(path), Math.max(0, Math.round(y)));
}

export function recalledScroll(path: string, storage: StorageLike | undefined = session()): number {
  const y = readJson<unknown>(storage, keyOf(path), 0);
  return typeof y === 'number' && Number.isFinite(y) && y > 0 ? y : 0;
}

/**
 * Scroll memory for a list screen at `address`: back to it (a history pop) returns to where the
 * listener was, a new visit starts at the top. Once `ready` (the list is on screen), scrolls there
 * and remembers each new position. Returns the offset the list starts at.
 */
export function useScrollMemory(ready: boolean, address: string): number {
  const navigationType = useNavigationType();
  const [initialOffset] = useState(() => (navigationType === 'POP' ? recalledScroll(address) : 0));
  useEffect(() => {
    if (!ready) return;
    window.scrollTo(0, initialOffset);
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => rememberScroll(address, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [ready, address, initialOffset]);
  return initialOffset;
}
