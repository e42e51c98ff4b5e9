import { useEffect, useRef } from 'react';

/**
 * Calls `onEnd` each time the returned sentinel scrolls into view (SPEC §2:
 * Recent Plays and playlist rows show more when their end is reached). The
 * observer is remade when `key` changes, so a sentinel still in view after
 * the row grew fires again.
 */
export function useEndInView<T extends Element>(onEnd: () => void, key: unknown, enabled = true) {
  const ref = useRef<T | null>(null);
  const callback = useRef(onEnd);
  callback.current = onEnd;
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [key, enabled]);
  return ref;
}
