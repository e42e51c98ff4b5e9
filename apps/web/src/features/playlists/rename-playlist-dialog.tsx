import { Pencil } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { accentButton } from '../../shared/ui/button-classes.js';
import { DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from '../../shared/ui/dialog-classes.js';
import { Spinner } from '../../shared/ui/spinner.js';
import type { UserPlaylist } from './playlists-cache.js';
import { useRenamePlaylist } from './rename-playlist.js';
import { PlaylistDescriptionField } from './playlist-description-field.js';
import { PlaylistNameField } from './playlist-name-field.js';

/**
 * The 'Rename' button of the listener's own playlist and its dialog: 'Rename
 * playlist', the Name field holding the current name, the Description field
 * holding its description, 'Save' (a spinner while the server answers;
 * SPEC#states-playlist-description, SPEC#validation-playlist-description: no rule
 * on the name, at most 300 characters of description). The description goes
 * only when it changed.
 */
export function RenamePlaylistButton({ playlist }: { playlist: UserPlaylist }) {
  const rename = useRenamePlaylist();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(playlist.name);
  const [description, setDescription] = useState(playlist.description ?? '');
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    const described = description.trim();
    await rename(playlist, name, described === (playlist.description ?? '') ? undefined : described);
    setSaving(false);
    setOpen(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (saving) return;
        if (o) {
          setName(playlist.name);
          setDescription(playlist.description ?? '');
        }
        setOpen(o);
      }}
    >
      <Dialog.Trigger className="flex items-center gap-1.5 rounded-full bg-raised px-3 py-1.5 text-sm font-semibold hover:bg-line">
        <Pencil className="size-4" aria-hidden /> Rename
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content className={dialogPanel('w-[min(92vw,24rem)]')}>
          <Dialog.Title className={DIALOG_TITLE}>Rename playlist</Dialog.Title>
          <Dialog.Description className="sr-only">Enter the new name of your playlist</Dialog.Description>
          <form onSubmit={(e) => void submit(e)} className="mt-1 flex flex-col gap-3">
            <PlaylistNameField value={name} onChange={setName} />
            <PlaylistDescriptionField value={description} onChange={setDescription} />
            <button
              type="submit"
              disabled={saving}
              aria-busy={saving}
              className={accentButton('flex items-center justify-center gap-2 px-4 py-2 disabled:opacity-60')}
            >
              {saving && <Spinner className="size-4" />}
              Save
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
