import { useEffect, useLayoutEffect, useState } from 'react';
import { useNavigationType } from 'react-router';
import { readJson, session, writeJson, type StorageLike } from './storage.js';

/**
 * Where a list screen was scrolled to, per address, for the tab's lifetime
 * (SPEC#list-screen-empty-state-no: the list screen restores its scroll position on return).
 */
const keyOf = (path: string) => `scroll:${path}`;

export function rememberScroll(path: string, y: number, storage: StorageLike | undefined = session()): void {
  writeJson(storage, keyOf(path), Math.max(0, Math.round(y)));
}

export function recalledScroll(path: string, storage: StorageLike | undefined = session()): number {
  const y = readJson<unknown>(storage, keyOf(path), 0);
  return typeof y === 'number' && Number.isFinite(y) && y > 0 ? y : 0;
}

/** Quiet time after the last scroll event before the place is written down. */
const SETTLE_MS = 150;

/**
 * Scroll memory for a list screen at `address`: back to it (a history pop) returns to where the
 * listener was, a new visit starts at the top. Once `ready` (the list is on screen), scrolls there.
 * The place is written when scrolling settles and when the screen is left, not on every frame of a
 * scroll: session storage is a synchronous write that a fast scroll through a long list cannot afford.
 * Returns the offset the list starts at.
 */
export function useScrollMemory(ready: boolean, address: string): number {
  const navigationType = useNavigationType();
  const [initialOffset] = useState(() => (navigationType === 'POP' ? recalledScroll(address) : 0));
  useEffect(() => {
    if (!ready) return;
    window.scrollTo(0, initialOffset);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = false;
    let lastY = window.scrollY;
    const onScroll = () => {
      if (pending) return;
      pending = true;
      timer = setTimeout(function settle() {
        const y = window.scrollY;
        // Still moving: look again later, without a timer per scroll event.
        if (y !== lastY) {
          lastY = y;
          timer = setTimeout(settle, SETTLE_MS);
        } else {
          pending = false;
          rememberScroll(address, y);
        }
      }, SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [ready, address, initialOffset]);
  // Leaving the screen: written before its rows leave the page and the window's height shrinks.
  useLayoutEffect(
    () => () => {
      if (ready) rememberScroll(address, window.scrollY);
    },
    [ready, address],
  );
  return initialOffset;
}
