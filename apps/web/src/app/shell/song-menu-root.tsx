import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { SongMenuProvider, type SongMenuRequest } from '../../shared/ui/song-menu.js';

// Loaded on the first right-click or long-press, so the first screen carries no menu code.
const SongMenuHost = lazy(async () => ({ default: (await import('../../features/playlists/song-menu-host.js')).SongMenuHost }));

/** Gives every song row under it a menu (shared/ui/song-menu.tsx); one menu for the app. */
export function SongMenuRoot({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<SongMenuRequest | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = useCallback((r: SongMenuRequest) => {
    setLoaded(true);
    setRequest(r);
  }, []);
  return (
    <SongMenuProvider value={open}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <SongMenuHost request={request} onClose={() => setRequest(null)} />
        </Suspense>
      )}
    </SongMenuProvider>
  );
}
