import { useQueryClient } from '@tanstack/react-query';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { toast } from '../../shared/lib/toast.js';
import { useSessionUser } from '../auth/index.js';
import { gotNoAnswer, isPendingPlaylistId, queuePlaylist } from './pending-changes.js';
import { dropRename, queueRename } from './pending-renames.js';
import { renamePlaylist } from './playlists-api.js';
import type { UserPlaylist } from './playlists-cache.js';
import { editPlaylists } from './playlists-query.js';

export const RENAMED = 'playlist renamed';
/** Under 'playlist renamed' when the server could not be reached. */
export const RENAME_OFFLINE_NOTE = 'You are offline: it will be renamed when you are back online.';
export const RENAME_FAILED = "Couldn't rename playlist";

/**
 * Renames one of the listener's playlists: the new name shows at once
 * (Library, the playlist's screen, the menus) and goes to the server, whose
 * realtime event renames it on the account's other devices. With no answer
 * from the server the rename is kept on the device and sent once back online
 * (pending-renames.ts); a playlist created offline is created with the new
 * name. A refusal puts the old name back ("Couldn't rename playlist").
 * Resolves once the server answered (or the rename was kept for later).
 */
export function useRenamePlaylist(): (playlist: UserPlaylist, name: string) => Promise<void> {
  const user = useSessionUser();
  const backend = useBackend();
  const queryClient = useQueryClient();
  return async (playlist, name) => {
    if (!user || playlist.userId !== user.$id) return;
    const show = (shown: string) =>
      editPlaylists(queryClient, user.$id, (list) => list.map((p) => (p.$id === playlist.$id ? { ...p, name: shown } : p)));
    show(name);
    if (isPendingPlaylistId(playlist.$id)) {
      queuePlaylist({ ...playlist, name });
      toast.success(RENAMED);
      return;
    }
    try {
      await renamePlaylist(await backend(), playlist.$id, name);
      dropRename(playlist.$id); // An older rename still waiting would undo this one.
      toast.success(RENAMED);
    } catch (e) {
      const f = describeFailure(e);
      if (gotNoAnswer(f)) {
        // No answer (offline): shown renamed, sent when the device is back online (use-playlists-sync.ts).
        queueRename({ playlistId: playlist.$id, name, userId: user.$id });
        toast.success(RENAMED, { description: RENAME_OFFLINE_NOTE });
        return;
      }
      console.error("couldn't rename", f.message);
      show(playlist.name);
      toast.error(RENAME_FAILED);
    }
  };
}
