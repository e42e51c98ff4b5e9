import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Rows below the fold render later (task: small first paint): a row shows when
 * it comes near the screen, or, one row per idle moment, when the page has
 * nothing better to do, so every row is there soon without one long task.
 */
const waiting: (() => void)[] = [];
let draining = false;

const idle = (cb: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(cb, { timeout: 1_000 }) : setTimeout(cb, 16);

function drain() {
  if (draining) return;
  draining = true;
  idle(() => {
    draining = false;
    waiting.shift()?.();
    if (waiting.length > 0) drain();
  });
}

/** `[ref, revealed]`: attach `ref` to the row's frame; `revealed` turns true once and stays. */
export function useReveal<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [revealed, setRevealed] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (revealed) return;
    const show = () => setRevealed(true);
    waiting.push(show);
    drain();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '200px 0px' });
    if (ref.current) observer.observe(ref.current);
    return () => {
      observer.disconnect();
      const i = waiting.indexOf(show);
      if (i >= 0) waiting.splice(i, 1);
    };
  }, [revealed]);
  return [ref, revealed];
}
