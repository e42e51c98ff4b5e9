import { ListPlus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signInToast } from '../../shared/lib/toasts.js';
import { useSessionUser } from '../auth/index.js';
import { useAddToPlaylist } from './use-add-to-playlist.js';

export { ADD_FAILED_MS } from './use-add-to-playlist.js';

/**
 * The player's add-to-playlist menu (SPEC#player-full-screen-blurred, SPEC#validation-add-playlist-needs, SPEC#errors-playlists): the user's playlists;
 * picking one saves the song ('saved to playlist'). Signed out: 'Sign in to
 * add to playlist' with Sign in to /profile.
 */
export function AddToPlaylistMenu({ songId, className = '' }: { songId: string; className?: string }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { playlists, save } = useAddToPlaylist();
  const [open, setOpen] = useState(false);

  return (
    <DropdownMenu.Root
      open={open}
      onOpenChange={(o) => {
        if (o && !user) return signInToast('Sign in to add to playlist', navigate);
        setOpen(o);
      }}
    >
      <DropdownMenu.Trigger aria-label="Add to playlist" className={className}>
        <ListPlus className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={6} className="z-50 max-h-72 min-w-52 overflow-y-auto rounded-xl border border-line bg-panel p-1 shadow-xl">
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase">Add to playlist</DropdownMenu.Label>
          {playlists.map((p) => (
            <DropdownMenu.Item
              key={p.$id}
              onSelect={() => void save(p, songId)}
              className="cursor-pointer truncate rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised"
            >
              {p.name || 'Untitled playlist'}
            </DropdownMenu.Item>
          ))}
          {playlists.length === 0 && (
            <DropdownMenu.Item onSelect={() => navigate('/library')} className="cursor-pointer rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised">
              Create New Playlist
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
