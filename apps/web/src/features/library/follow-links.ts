import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * One click handler for every plain `<a href>` inside a long list: a click (or Enter) on one of the
 * app's own addresses moves within the app, as a router link would, while a click with a modifier
 * key, a middle click or a link to another site is left to the browser. A list of thousands of
 * tiles then mounts plain anchors instead of a router link (and its hooks) per name.
 */
export function useFollowLinks(): (e: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent<HTMLElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(a instanceof HTMLAnchorElement) || !e.currentTarget.contains(a)) return;
      if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.origin !== window.location.origin) return;
      e.preventDefault();
      void navigate(a.pathname + a.search + a.hash);
    },
    [navigate],
  );
}
