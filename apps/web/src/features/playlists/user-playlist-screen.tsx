import type { Song } from '@lyra/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { coverUrl, songTitle } from '../../shared/lib/song-view.js';
import { useSessionUser } from '../auth/index.js';
import { CollectionScreen } from '../collection/ui.js';
import { removeSongFromPlaylist } from './playlists-api.js';
import { editPlaylistSongs } from './playlists-query.js';
import { usePlaylists, usePlaylistSongIds, useSongsByIds } from './use-playlists.js';

/** SPEC §2: the note under 'No songs available' in a user's playlist (spelling as SPEC). */
export const USER_PLAYLIST_EMPTY_NOTE = 'Playlist updations make take 5 mins';

/**
 * A user's playlist on the shared list screen (SPEC §2). In the listener's own
 * playlist each row's button removes the song: at once on screen, put back
 * with "couldn't remove, try again after sometime" if the server refuses; and
 * the playlist can be made available offline (the kept copy then follows its
 * songs: kept-playlists.ts).
 */
export function UserPlaylistScreen({ id }: { id: string }) {
  const user = useSessionUser();
  const backend = useBackend();
  const queryClient = useQueryClient();
  const { playlists, isPending: listPending } = usePlaylists();
  const playlist = playlists.find((p) => p.$id === id);
  const { ids, isPending } = usePlaylistSongIds(id, Boolean(user));
  const { songs, isLoading } = useSongsByIds(ids);
  const isOwn = Boolean(user && playlist && playlist.userId === user.$id);

  const remove = async (song: Song) => {
    let position = -1;
    editPlaylistSongs(queryClient, id, (list) => {
      position = list.indexOf(song.id);
      return list.filter((x) => x !== song.id);
    });
    try {
      await removeSongFromPlaylist(await backend(), id, song.id);
    } catch (e) {
      console.error("couldn't remove", describeFailure(e).message);
      editPlaylistSongs(queryClient, id, (list) => {
        if (list.includes(song.id)) return list;
        const at = position < 0 ? list.length : Math.min(position, list.length);
        return [...list.slice(0, at), song.id, ...list.slice(at)];
      });
      toast.error("couldn't remove, try again after sometime");
    }
  };

  return (
    <CollectionScreen
      title={playlist?.name ?? (listPending ? undefined : 'Playlist')}
      coverUrl={songs[0] ? coverUrl(songs[0].image) : undefined}
      songs={songs}
      isPending={isPending || (ids.length > 0 && isLoading && songs.length === 0)}
      emptyNote={USER_PLAYLIST_EMPTY_NOTE}
      // Make available offline once every song is known, as on an album.
      {...(isOwn && !isLoading ? { offline: { kind: 'userPlaylist' as const, id } } : {})}
      {...(isOwn
        ? {
            actionFor: (song: Song) => ({
              label: `Remove ${songTitle(song)} from playlist`,
              icon: <Trash2 className="size-5" aria-hidden />,
              onClick: () => void remove(song),
            }),
          }
        : {})}
    />
  );
}
