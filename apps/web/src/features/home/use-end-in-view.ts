import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onEnd` each time the returned sentinel scrolls into view (SPEC#home-recent-plays, SPEC#home-top-bottom-shown:
 * Recent Plays and playlist rows show more when their end is reached). The
 * returned ref is a callback ref, so a sentinel that mounts later (a deferred
 * Home row rendering its content) is still watched. The observer is remade
 * when `key` changes, so a sentinel still in view after the row grew fires again.
 */
export function useEndInView<T extends Element>(onEnd: () => void, key: unknown, enabled = true): (el: T | null) => void {
  const [el, setEl] = useState<T | null>(null);
  const callback = useRef(onEnd);
  callback.current = onEnd;
  useEffect(() => {
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, key, enabled]);
  return setEl;
}
