import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useOnlineAgain } from '../../shared/lib/use-online-again.js';
import { useSessionStore } from '../auth/index.js';
import { hasPendingChanges } from './pending-changes.js';

/**
 * Sends the playlist changes made offline (playlists created, songs added and
 * removed: send-pending-changes.ts) once a user is present, and again each
 * time the device comes back online; each account sends only its own. The
 * sending code loads only when there is something to send, so start-up does
 * not carry it.
 */
export function usePlaylistsSync(): void {
  const userId = useSessionStore((s) => (s.checked ? s.user?.$id : undefined));
  const backend = useBackend();
  const queryClient = useQueryClient();
  const onlineAgain = useOnlineAgain();
  useEffect(() => {
    if (!userId || !hasPendingChanges(userId)) return;
    void (async () => {
      const [api, { sendPendingChanges }] = await Promise.all([backend().catch(() => null), import('./send-pending-changes.js')]);
      if (api) await sendPendingChanges(api, queryClient, userId);
    })().catch((e: unknown) => console.error('Sending playlist changes made offline failed:', e instanceof Error ? e.message : String(e)));
  }, [userId, backend, queryClient, onlineAgain]);
}
