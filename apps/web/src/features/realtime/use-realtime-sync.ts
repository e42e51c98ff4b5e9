import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useSessionStore } from '../auth/index.js';

/**
 * Once this page load knows who is signed in, one realtime subscription: the
 * public `catalogue` channel for everyone (songs deleted from the library leave
 * the queue), and while a user is signed in their favourites, playlists,
 * playlist songs, video requests and play history too, so a change made on
 * another device appears here without a reload. Signing in or out ends the
 * subscription and its socket; the next one opens with the session's cookies.
 */
export function useRealtimeSync(): void {
  const checked = useSessionStore((s) => s.checked);
  const userId = useSessionStore((s) => (s.checked ? s.user?.$id : undefined));
  const backend = useBackend();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!checked) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void (async () => {
      try {
        // The account's event rules are fetched only for a signed-in user, with the SDK, not at start-up.
        const [api, catalogue, account] = await Promise.all([
          backend(),
          import('./catalogue-events.js'),
          userId ? import('./apply-event.js') : null,
        ]);
        const unsubscribe = await api.subscribe(
          [catalogue.CATALOGUE_CHANNEL, ...(account ? account.syncedChannels() : [])],
          (event) => {
            if (catalogue.applyCatalogueEvent(queryClient, event)) return;
            if (account && userId) account.applyRealtimeEvent(queryClient, userId, event);
          },
          // Live on the server (first, and again after a drop): the lists read before it may have missed a change
          // made meanwhile on another device, so they are read afresh once.
          () => {
            if (account && userId) void account.refreshAfterReconnect(queryClient, api, userId);
          },
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
  }, [checked, userId, backend, queryClient]);
}
