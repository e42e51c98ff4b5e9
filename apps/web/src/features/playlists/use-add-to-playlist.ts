import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { addSongToPlaylist } from './playlists-api.js';
import type { UserPlaylist } from './playlists-cache.js';
import { editPlaylistSongs } from './playlists-query.js';
import { usePlaylists } from './use-playlists.js';

/** SPEC §8: 'Could not add song {type}' shows for 4 s. */
export const ADD_FAILED_MS = 4_000;

/**
 * The user's playlists and saving a song to one (SPEC §5/§8): 'saved to
 * playlist', or 'Could not add song {type}' for 4 s.
 */
export function useAddToPlaylist(): { playlists: UserPlaylist[]; save: (playlist: UserPlaylist, songId: string) => Promise<void> } {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const { playlists } = usePlaylists();
  const save = async (p: UserPlaylist, songId: string) => {
    try {
      await addSongToPlaylist(await backend(), p.$id, songId);
      editPlaylistSongs(queryClient, p.$id, (ids) => (ids.includes(songId) ? ids : [...ids, songId]));
      toast.success('saved to playlist');
    } catch (e) {
      const f = describeFailure(e);
      console.error('An error occured adding song to playlist', f.message);
      toast.error(`Could not add song ${f.type || 'network_error'}`, { duration: ADD_FAILED_MS });
    }
  };
  return { playlists, save };
}
