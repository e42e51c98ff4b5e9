import { useQueryClient } from '@tanstack/react-query';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { toast } from '../../shared/lib/toast.js';
import { useSessionUser } from '../auth/index.js';
import { gotNoAnswer, isPendingPlaylistId, queuePlaylist } from './pending-changes.js';
import { dropRename, queueRename } from './pending-renames.js';
import { renamePlaylist } from './playlists-api.js';
import { withDescription, type UserPlaylist } from './playlists-cache.js';
import { editPlaylists } from './playlists-query.js';

export const RENAMED = 'playlist renamed';
/** Under 'playlist renamed' when the server could not be reached. */
export const RENAME_OFFLINE_NOTE = 'You are offline: it will be renamed when you are back online.';
export const RENAME_FAILED = "Couldn't rename playlist";
/** The same name with a new description. */
export const UPDATED = 'playlist updated';
/** Under 'playlist updated' when the server could not be reached. */
export const UPDATE_OFFLINE_NOTE = 'You are offline: it will be updated when you are back online.';
export const UPDATE_FAILED = "Couldn't update playlist";

/**
 * Renames one of the listener's playlists, and gives it a new description when
 * one is passed ('' clears it): both show at once (Library, the playlist's
 * screen, the menus) and go to the server, whose realtime event changes them
 * on the account's other devices. With no answer from the server the change is
 * kept on the device and sent once back online (pending-renames.ts); a
 * playlist created offline is created with them. A refusal puts the old name
 * and description back ("Couldn't rename playlist"). A change of the
 * description alone says 'playlist updated' instead of 'playlist renamed'.
 * Resolves once the server answered (or the change was kept for later).
 */
export function useRenamePlaylist(): (playlist: UserPlaylist, name: string, description?: string) => Promise<void> {
  const user = useSessionUser();
  const backend = useBackend();
  const queryClient = useQueryClient();
  return async (playlist, name, description) => {
    if (!user || playlist.userId !== user.$id) return;
    const described = description === undefined ? playlist.description ?? '' : description;
    const renamed = name !== playlist.name || described === (playlist.description ?? '');
    const [done, offlineNote, failed] = renamed ? [RENAMED, RENAME_OFFLINE_NOTE, RENAME_FAILED] : [UPDATED, UPDATE_OFFLINE_NOTE, UPDATE_FAILED];
    const show = (shown: UserPlaylist) =>
      editPlaylists(queryClient, user.$id, (list) => list.map((p) => (p.$id === playlist.$id ? shown : p)));
    const { description: _old, ...rest } = playlist;
    const changed: UserPlaylist = { ...rest, name, ...withDescription(described) };
    show(changed);
    if (isPendingPlaylistId(playlist.$id)) {
      queuePlaylist(changed);
      toast.success(done);
      return;
    }
    try {
      await renamePlaylist(await backend(), playlist.$id, name, description);
      dropRename(playlist.$id); // An older rename still waiting would undo this one.
      toast.success(done);
    } catch (e) {
      const f = describeFailure(e);
      if (gotNoAnswer(f)) {
        // No answer (offline): shown changed, sent when the device is back online (use-playlists-sync.ts).
        queueRename({ playlistId: playlist.$id, name, ...(description === undefined ? {} : { description }), userId: user.$id });
        toast.success(done, { description: offlineNote });
        return;
      }
      console.error("couldn't rename", f.message);
      show(playlist);
      toast.error(failed);
    }
  };
}
