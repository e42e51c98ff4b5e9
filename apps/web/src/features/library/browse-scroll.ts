import { useEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each list address was scrolled to, for coming back to it (this tab only). */
const offsets = new Map<string, number>();

/**
 * Back to a list (a history pop) returns to where the listener was; a new
 * visit starts at the top. Returns the offset to start the list at.
 */
export function useListScroll(ready: boolean): number {
  const { pathname, search } = useLocation();
  const address = pathname + search;
  const navigationType = useNavigationType();
  const [initialOffset] = useState(() => (navigationType === 'POP' ? (offsets.get(address) ?? 0) : 0));
  useEffect(() => {
    if (!ready) return;
    window.scrollTo(0, initialOffset);
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => offsets.set(address, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [ready, address, initialOffset]);
  return initialOffset;
}
