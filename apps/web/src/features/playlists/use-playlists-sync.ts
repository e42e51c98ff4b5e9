import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { describeFailure, isTransient } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useOnlineAgain } from '../../shared/lib/use-online-again.js';
import { useSessionStore } from '../auth/index.js';
import { dropAdd, readPendingAdds } from './pending-adds.js';
import { addSongToPlaylist } from './playlists-api.js';
import { playlistSongsKey } from './playlists-keys.js';

/**
 * Sends the playlist additions made offline (pending-adds.ts) once a user is
 * present, and again each time the device comes back online. A song already
 * in the playlist counts as sent; a refusal (the playlist is gone) drops it;
 * no answer keeps it for next time.
 */
export function usePlaylistsSync(): void {
  const userId = useSessionStore((s) => (s.checked ? s.user?.$id : undefined));
  const backend = useBackend();
  const queryClient = useQueryClient();
  const onlineAgain = useOnlineAgain();
  useEffect(() => {
    const pending = readPendingAdds();
    if (!userId || pending.length === 0) return;
    void (async () => {
      const api = await backend().catch(() => null);
      if (!api) return;
      for (const add of pending) {
        try {
          await addSongToPlaylist(api, add.playlistId, add.songId);
        } catch (e) {
          const f = describeFailure(e);
          if (isTransient(f)) return; // Still offline: the rest waits too.
          if (f.type !== 'document_already_exists') console.error('A playlist change made offline was refused:', f.message);
        }
        dropAdd(add);
        void queryClient.invalidateQueries({ queryKey: playlistSongsKey(add.playlistId) });
      }
    })();
  }, [userId, backend, queryClient, onlineAgain]);
}
