import { useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { DEFAULT_COVER } from '../../shared/lib/song-view.js';
import { signInToast, TOAST_MS } from '../../shared/lib/toasts.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { currentUser } from '../auth/index.js';
import { useCategoryStore } from '../collection/index.js';
import { removeOffline } from '../offline/index.js';
import { keptPlaylistKey } from './kept-playlists.js';
import { dropPlaylist, isPendingPlaylistId, PENDING_PLAYLIST_NOTE } from './pending-changes.js';
import { deletePlaylist } from './playlists-api.js';
import { forgetPlaylistSongs, type UserPlaylist } from './playlists-cache.js';
import { playlistSongsKey } from './playlists-keys.js';
import { editPlaylists } from './playlists-query.js';
import { usePlaylists } from './use-playlists.js';
import { DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from '../../shared/ui/dialog-classes.js';

/**
 * SPEC#library-title-your-library: the user's playlists in a list of at most 45vh, each with
 * a logo, its name and Delete (confirmed first; 'Deleting' while it runs).
 * Tapping one sets the category to userPlaylists, then opens /playlist/{id}.
 * A playlist created offline is marked as waiting; deleting it only forgets it.
 */
export function PlaylistList() {
  const { playlists } = usePlaylists();
  const navigate = useNavigate();
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<UserPlaylist | null>(null);

  const open = (p: UserPlaylist) => {
    useCategoryStore.getState().setCategory('userPlaylists');
    void navigate(`/playlist/${encodeURIComponent(p.$id)}`);
  };

  const remove = async (p: UserPlaylist) => {
    const user = currentUser();
    if (!user) return signInToast('Sign in to delete playlist', navigate);
    setDeletingId(p.$id);
    try {
      if (isPendingPlaylistId(p.$id)) dropPlaylist(p.$id);
      else await deletePlaylist(await backend(), p.$id);
      editPlaylists(queryClient, user.$id, (list) => list.filter((x) => x.$id !== p.$id));
      forgetPlaylistSongs(p.$id);
      queryClient.removeQueries({ queryKey: playlistSongsKey(p.$id) });
      void removeOffline(keptPlaylistKey(p.$id));
      toast.success('Playlist Deleted Successfully', { duration: TOAST_MS.playlist });
    } catch (e) {
      console.error("couldn't delete", describeFailure(e).message);
      toast.error("Couldn't delete playlist", { duration: TOAST_MS.playlist });
    } finally {
      setDeletingId(null);
    }
  };

  if (playlists.length === 0) return null;
  return (
    <>
      <ul aria-label="Your playlists" className="mt-2 max-h-[45vh] overflow-y-auto rounded-xl">
        {playlists.map((p) => (
          <li key={p.$id} className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-panel">
            <button type="button" onClick={() => open(p)} className="flex min-w-0 flex-1 items-center gap-3 text-left">
              <img src={DEFAULT_COVER} alt="" width={48} height={48} className="size-12 shrink-0 rounded-md bg-raised p-1.5" />
              <span className="min-w-0">
                <span className="block truncate font-medium">{p.name || 'Untitled playlist'}</span>
                {isPendingPlaylistId(p.$id) && <span className="block truncate text-sm text-muted">{PENDING_PLAYLIST_NOTE}</span>}
              </span>
            </button>
            {deletingId === p.$id ? (
              <span className="flex items-center gap-1 text-sm text-muted" role="status">
                <Spinner className="size-4" /> Deleting
              </span>
            ) : (
              <button
                type="button"
                onClick={() => setConfirm(p)}
                disabled={deletingId != null}
                aria-label={`Delete ${p.name || 'playlist'}`}
                className="rounded-full px-3 py-1.5 text-sm text-red-300 hover:bg-raised disabled:opacity-40"
              >
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      <AlertDialog.Root open={confirm != null} onOpenChange={(o) => !o && setConfirm(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={DIALOG_OVERLAY} />
          <AlertDialog.Content className={dialogPanel('w-[min(92vw,22rem)]')}>
            <AlertDialog.Title className={DIALOG_TITLE}>Delete playlist?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted">
              “{confirm?.name || 'Untitled playlist'}” and its songs list will be removed.
            </AlertDialog.Description>
            <div className="mt-5 flex justify-end gap-2">
              <AlertDialog.Cancel className="rounded-full px-4 py-2 text-sm text-muted hover:text-white">Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                onClick={() => confirm && void remove(confirm)}
                className="rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white"
              >
                Delete
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
