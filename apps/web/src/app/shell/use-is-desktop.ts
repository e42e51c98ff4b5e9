import { useSyncExternalStore } from 'react';

/** The desktop layout's breakpoint (Tailwind's `lg`). */
const QUERY = '(min-width: 1024px)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

/** True on a desktop-wide window: the shell then mounts the sidebar and player bar instead of the phone chrome. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = media();
      m?.addEventListener('change', onChange);
      return () => m?.removeEventListener('change', onChange);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}
