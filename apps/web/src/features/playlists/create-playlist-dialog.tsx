import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { useSessionUser } from '../auth/index.js';
import { gotNoAnswer, newPendingPlaylistId, queuePlaylist } from './pending-changes.js';
import { createPlaylist } from './playlists-api.js';
import { editPlaylists } from './playlists-query.js';
import { CREATE_FAILED } from './send-pending-changes.js';
import { DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from '../../shared/ui/dialog-classes.js';
import { accentButton } from '../../shared/ui/button-classes.js';
import { PlaylistDescriptionField } from './playlist-description-field.js';
import { PlaylistNameField } from './playlist-name-field.js';
import { withDescription } from './playlists-cache.js';

/** Under 'playlist created' when the server could not be reached. */
export const CREATE_OFFLINE_NOTE = 'You are offline: it will be created when you are back online.';

/** SPEC#states-playlist-creation states. */
export type CreateState = 'idle' | 'submitting' | 'success' | 'failure';

/**
 * SPEC#library-create-playlist-dialog, SPEC#states-playlist-creation: 'Create Playlist' dialog: 'Enter the name of your playlist',
 * Name, an optional Description (SPEC#validation-playlist-description), 'Launch'. Submitting disables the button with a spinner; success
 * closes the dialog and clears the name; failure keeps it open with 'Playlist
 * not created, try after some time' (1.5 s). With no answer from the server
 * the playlist is created on the device (marked as waiting, songs can be
 * added) and on the server once back online. Signed out it asks to sign in.
 */
export function CreatePlaylistDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useSessionUser();
  const backend = useBackend();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [state, setState] = useState<CreateState>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user || state === 'submitting') return;
    setState('submitting');
    const done = () => {
      setState('success');
      setName('');
      setDescription('');
      onOpenChange(false);
    };
    try {
      const playlist = await createPlaylist(await backend(), user.$id, name, description.trim());
      editPlaylists(queryClient, user.$id, (list) => (list.some((p) => p.$id === playlist.$id) ? list : [...list, playlist]));
      done();
    } catch (err) {
      const f = describeFailure(err);
      if (gotNoAnswer(f)) {
        // No answer (offline): created here now, on the server once back online (use-playlists-sync.ts).
        const playlist = { $id: newPendingPlaylistId(), name, userId: user.$id, ...withDescription(description.trim()) };
        queuePlaylist(playlist);
        editPlaylists(queryClient, user.$id, (list) => [...list, playlist]);
        done();
        toast.success('playlist created', { description: CREATE_OFFLINE_NOTE });
        return;
      }
      console.error('An error occured creating a playlist', f.message);
      setState('failure');
      toast.error(CREATE_FAILED, { duration: TOAST_MS.playlist });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(o) => state !== 'submitting' && onOpenChange(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content className={dialogPanel('w-[min(92vw,24rem)]')}>
          <Dialog.Title className={DIALOG_TITLE}>Create Playlist</Dialog.Title>
          {user ? (
            <form onSubmit={(e) => void submit(e)} className="mt-1 flex flex-col gap-3">
              <Dialog.Description className="text-sm text-muted">Enter the name of your playlist</Dialog.Description>
              <PlaylistNameField value={name} onChange={setName} />
              <PlaylistDescriptionField value={description} onChange={setDescription} />
              <button
                type="submit"
                disabled={state === 'submitting'}
                aria-busy={state === 'submitting'}
                className={accentButton('flex items-center justify-center gap-2 px-4 py-2 disabled:opacity-60')}
              >
                {state === 'submitting' && <Spinner className="size-4" />}
                Launch
              </button>
            </form>
          ) : (
            <div className="mt-2 flex flex-col gap-3">
              <Dialog.Description className="text-sm text-muted">Sign in to create playlist</Dialog.Description>
              <button
                type="button"
                onClick={() => {
                  onOpenChange(false);
                  void navigate('/profile');
                }}
                className={accentButton('px-4 py-2')}
              >
                Sign in
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
