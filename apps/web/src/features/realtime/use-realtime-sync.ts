import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useSessionStore } from '../auth/index.js';

/**
 * While a user is signed in, this device listens to its favourites,
 * playlists, playlist songs, video requests and play history, so a change
 * made on another device appears here without a reload. The subscription ends with the
 * session (sign-out closes the socket; the next sign-in opens one with the
 * new session's cookies).
 */
export function useRealtimeSync(): void {
  const userId = useSessionStore((s) => (s.checked ? s.user?.$id : undefined));
  const backend = useBackend();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void (async () => {
      try {
        // Only signed-in devices need the event rules: fetched with the SDK, not at start-up.
        const [api, { applyRealtimeEvent, refreshAfterReconnect, syncedChannels }] = await Promise.all([backend(), import('./apply-event.js')]);
        const unsubscribe = await api.subscribe(
          syncedChannels(),
          (event) => applyRealtimeEvent(queryClient, userId, event),
          // Back after a drop: read the lists afresh once, as events may have been missed.
          () => void refreshAfterReconnect(queryClient, api, userId),
        );
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      } catch (e) {
        console.error('Realtime unavailable:', describeFailure(e).message);
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, backend, queryClient]);
}
