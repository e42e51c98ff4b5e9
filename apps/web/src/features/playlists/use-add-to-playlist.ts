import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useSessionUser } from '../auth/index.js';
import { dropChange, gotNoAnswer, isPendingPlaylistId, queueAdd } from './pending-changes.js';
import { addSongToPlaylist } from './playlists-api.js';
import type { UserPlaylist } from './playlists-cache.js';
import { editPlaylistSongs } from './playlists-query.js';
import { usePlaylists } from './use-playlists.js';

/** SPEC#errors-playlists: 'Could not add song {type}' shows for 4 s. */
export const ADD_FAILED_MS = 4_000;
/** Under 'saved to playlist' when the server could not be reached. */
export const OFFLINE_NOTE = 'You are offline: it will be added when you are back online.';
/** Under 'saved to playlist' for a playlist created offline and not yet on the server, online or not (SPEC#errors-playlist-changes-no). */
export const WAITING_PLAYLIST_NOTE = 'It will be added once the playlist is created.';

/**
 * The user's playlists and saving a song to one (SPEC#states-playlist-addition-no, SPEC#errors-playlists): 'saved to
 * playlist', or 'Could not add song {type}' for 4 s (a server fault and a
 * rate limit too); with no answer at all from the server (or to a playlist
 * created offline), the addition is kept on the device and sent once back
 * online.
 */
export function useAddToPlaylist(): { playlists: UserPlaylist[]; save: (playlist: UserPlaylist, songId: string) => Promise<void> } {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const { playlists } = usePlaylists();
  const save = async (p: UserPlaylist, songId: string) => {
    if (!user) return; // Signed out, the menu asks to sign in instead.
    const change = { playlistId: p.$id, songId };
    const show = () => editPlaylistSongs(queryClient, p.$id, (ids) => (ids.includes(songId) ? ids : [...ids, songId]));
    const keepForLater = (note: string) => {
      queueAdd({ ...change, userId: user.$id });
      show();
      toast.success('saved to playlist', { description: note });
    };
    // A playlist created offline gets its songs once the server has created it.
    if (isPendingPlaylistId(p.$id)) return keepForLater(WAITING_PLAYLIST_NOTE);
    try {
      await addSongToPlaylist(await backend(), p.$id, songId);
      dropChange(change); // A removal still waiting would take it out again.
      show();
      toast.success('saved to playlist');
    } catch (e) {
      const f = describeFailure(e);
      // No answer (offline): kept on the device and sent when it is back online (use-playlists-sync.ts).
      if (gotNoAnswer(f)) return keepForLater(OFFLINE_NOTE);
      console.error('An error occured adding song to playlist', f.message);
      toast.error(`Could not add song ${f.type || 'network_error'}`, { duration: ADD_FAILED_MS });
    }
  };
  return { playlists, save };
}
