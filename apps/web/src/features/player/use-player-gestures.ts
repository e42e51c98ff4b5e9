import { useEffect, useRef, type PointerEvent } from 'react';

/** A horizontal swipe longer than this (px) counts (SPEC#player-swipe-left-next: left = next, right = previous). */
const SWIPE_MIN_PX = 50;

export function useSwipe(onLeft: () => void, onRight: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      start.current = { x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const s = start.current;
      start.current = null;
      if (!s) return;
      const dx = e.clientX - s.x;
      const dy = e.clientY - s.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) onLeft();
      else onRight();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

/** SPEC#player-reload-keys-blocked: F5 and Ctrl/Cmd+R are blocked while the player screen is open. */
export const isReloadKey = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean =>
  e.key === 'F5' || ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'r');

export function useBlockReloadKeys(): void {
  useEffect(() => {
    const block = (e: KeyboardEvent) => {
      if (isReloadKey(e)) e.preventDefault();
    };
    window.addEventListener('keydown', block, { capture: true });
    return () => window.removeEventListener('keydown', block, { capture: true });
  }, []);
}
