import { useEffect, useRef, useState, type RefObject } from 'react';
import { onIdle } from '../../shared/lib/idle.js';

/**
 * Rows below the fold render later (task: small first paint): a row shows when
 * it comes near the screen, or, one row per idle moment, when the page has
 * nothing better to do, so every row is there soon without one long task.
 */
const waiting: (() => void)[] = [];
let draining = false;


function drain() {
  if (draining) return;
  draining = true;
  onIdle(() => {
    draining = false;
    waiting.shift()?.();
    if (waiting.length > 0) drain();
  });
}

/** `[ref, revealed]`: attach `ref` to the row's frame; `revealed` turns true once and stays. */
export function useReveal<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  // Without an observer (an old browser) every row shows at once; on the server (the first
  // screen in the page's HTML) rows wait, as they do in the browser's first render.
  const [revealed, setRevealed] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
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
