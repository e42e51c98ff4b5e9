import type { Song } from '@lyra/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { Navigate } from 'react-router';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { coverUrl, songTitle } from '../../shared/lib/song-view.js';
import { useSessionUser } from '../auth/index.js';
import { CollectionScreen } from '../collection/ui.js';
import { dropChange, gotNoAnswer, isPendingPlaylistId, PENDING_PLAYLIST_NOTE, queueRemoval } from './pending-changes.js';
import { removeSongFromPlaylist } from './playlists-api.js';
import { editPlaylistSongs, putBackSong } from './playlists-query.js';
import { REMOVE_FAILED, serverIdOf } from './send-pending-changes.js';
import { RenamePlaylistButton } from './rename-playlist-dialog.js';
import { usePlaylists, usePlaylistSongIds, useSongsByIds } from './use-playlists.js';

/** SPEC#list-screen-empty-state-no: the note under 'No songs available' in a user's playlist (spelling as SPEC). */
export const USER_PLAYLIST_EMPTY_NOTE = 'Playlist updations make take 5 mins';
/** Under 'removed from playlist' when the server could not be reached. */
export const REMOVE_OFFLINE_NOTE = 'You are offline: it will be removed when you are back online.';

/**
 * A user's playlist on the shared list screen (SPEC#list-screen-shared-screen-songs). In the listener's own
 * playlist each row's button removes the song: at once on screen, put back
 * with "couldn't remove, try again after sometime" if the server refuses, and
 * kept on the device to send once back online if the server does not answer.
 * The playlist can be made available offline (the kept copy then follows its
 * songs: kept-playlists.ts) and renamed or described anew (rename-playlist.ts); its description shows under the title. A playlist created offline is marked so, and
 * moves to its server address once created.
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
  const isCreatedOffline = isPendingPlaylistId(id);
  const serverId = isCreatedOffline ? serverIdOf(id) : undefined;

  const remove = async (song: Song) => {
    if (!user) return; // Only the listener's own playlist offers removal.
    let position = -1;
    editPlaylistSongs(queryClient, id, (list) => {
      position = list.indexOf(song.id);
      return list.filter((x) => x !== song.id);
    });
    const change = { playlistId: id, songId: song.id };
    // Not on the server yet: the addition waiting to be sent is simply forgotten.
    if (isCreatedOffline) return dropChange(change);
    try {
      await removeSongFromPlaylist(await backend(), id, song.id);
      dropChange(change); // An addition still waiting would put it back.
    } catch (e) {
      const f = describeFailure(e);
      if (gotNoAnswer(f)) {
        // No answer (offline): shown removed, sent when the device is back online (use-playlists-sync.ts).
        queueRemoval({ ...change, userId: user.$id, position });
        toast.success('removed from playlist', { description: REMOVE_OFFLINE_NOTE });
        return;
      }
      if (f.code === 404) return dropChange(change); // Already gone.
      console.error("couldn't remove", f.message);
      putBackSong(queryClient, id, song.id, position);
      toast.error(REMOVE_FAILED);
    }
  };

  if (serverId) return <Navigate to={`/playlist/${encodeURIComponent(serverId)}`} replace />;
  return (
    <>
      {isOwn && playlist && (
        <div className="flex justify-end px-2 pb-1">
          <RenamePlaylistButton playlist={playlist} />
        </div>
      )}
      <CollectionScreen
        title={playlist?.name ?? (listPending ? undefined : 'Playlist')}
        subtitle={isCreatedOffline && playlist ? PENDING_PLAYLIST_NOTE : null}
        description={playlist?.description ?? null}
        coverUrl={songs[0] ? coverUrl(songs[0].image) : undefined}
        songs={songs}
        isPending={isPending || (ids.length > 0 && isLoading && songs.length === 0)}
        emptyNote={USER_PLAYLIST_EMPTY_NOTE}
        // Make available offline once every song is known, as on an album (and once the playlist is on the server).
        {...(isOwn && !isLoading && !isCreatedOffline ? { offline: { kind: 'userPlaylist' as const, id } } : {})}
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
    </>
  );
}
