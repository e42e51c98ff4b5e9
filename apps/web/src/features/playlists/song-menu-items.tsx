import type { Song } from '@lyra/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownToLine, CircleCheck, ListPlus, Plus, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { coverUrl, songTitle, type SongLike } from '../../shared/lib/song-view.js';
import { toast } from '../../shared/lib/toast.js';
import { signInToast } from '../../shared/lib/toasts.js';
import { useSessionUser } from '../auth/index.js';
import { collectionKey, makeAvailableOffline, removeOffline, useOfflineStore } from '../offline/index.js';
import { useAddToPlaylist } from './use-add-to-playlist.js';

/** The look of a song's menus (a row's menu, the player's "More options"). */
export const MENU_ITEM = 'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised';
export const MENU_PANEL = 'z-50 max-h-80 min-w-56 overflow-y-auto rounded-xl border border-line bg-panel p-1 shadow-xl';

/**
 * "Add to playlist" in a song's menu: a submenu of the user's playlists
 * (none yet: Create New Playlist, to Library); signed out, SPEC#validation-add-playlist-needs's 'Sign in
 * to add to playlist'.
 */
export function AddToPlaylistItem({ song }: { song: SongLike | undefined }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { playlists, save } = useAddToPlaylist();
  if (!user) {
    return (
      <DropdownMenu.Item className={MENU_ITEM} onSelect={() => signInToast('Sign in to add to playlist', navigate)}>
        <ListPlus className="size-4" aria-hidden /> Add to playlist
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={MENU_ITEM}>
        <ListPlus className="size-4" aria-hidden /> Add to playlist
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent sideOffset={4} collisionPadding={8} className={MENU_PANEL}>
          {playlists.map((p) => (
            <DropdownMenu.Item key={p.$id} className={MENU_ITEM} onSelect={() => song && void save(p, song.id)}>
              <span className="truncate">{p.name || 'Untitled playlist'}</span>
            </DropdownMenu.Item>
          ))}
          {playlists.length === 0 && (
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => navigate('/library')}>
              <Plus className="size-4" aria-hidden /> Create New Playlist
            </DropdownMenu.Item>
          )}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}

/**
 * "Make available offline" in a song's menu; a song kept on its own offers
 * "Remove download", one kept with a collection says "Available offline".
 */
export function OfflineItem({ song }: { song: SongLike | undefined }) {
  const offline = useSongOffline(song);
  if (offline?.state === 'kept') {
    return (
      <DropdownMenu.Item className={MENU_ITEM} onSelect={offline.remove}>
        <Trash2 className="size-4" aria-hidden /> Remove download
      </DropdownMenu.Item>
    );
  }
  if (offline?.state === 'inCollection') {
    return (
      <DropdownMenu.Item className={MENU_ITEM} disabled>
        <CircleCheck className="size-4 text-emerald-400" aria-hidden /> Available offline
      </DropdownMenu.Item>
    );
  }
  if (offline?.state === 'none') {
    return (
      <DropdownMenu.Item className={MENU_ITEM} onSelect={offline.keep}>
        <ArrowDownToLine className="size-4" aria-hidden /> Make available offline
      </DropdownMenu.Item>
    );
  }
  return null;
}

/** A catalogue song (one with audio addresses); rows that keep less (recent plays) are looked up when kept. */
const isCatalogueSong = (song: SongLike): song is Song & SongLike =>
  'downloadUrl' in song && Array.isArray((song as { downloadUrl?: unknown }).downloadUrl);

function useSongOffline(song: SongLike | undefined) {
  const queryClient = useQueryClient();
  const catalogue = useCatalogue();
  const key = song ? collectionKey('song', song.id) : '';
  const own = useOfflineStore((s) => key in s.index.collections);
  const onDevice = useOfflineStore((s) => (song ? song.id in s.index.songs : false));
  if (!song) return null;
  const title = songTitle(song);
  const keep = async () => {
    const full = isCatalogueSong(song) ? song : await queryClient.fetchQuery(songQuery(catalogue, song.id));
    await makeAvailableOffline({ kind: 'song', id: full.id, title, image: coverUrl(full.image) }, [full]);
  };
  return {
    state: own ? ('kept' as const) : onDevice ? ('inCollection' as const) : ('none' as const),
    keep: () =>
      void keep().then(
        () => toast.success(`${title} is available offline`),
        (e: unknown) => toast.error(`Could not download ${title}: ${e instanceof Error ? e.message : String(e)}`),
      ),
    remove: () => void removeOffline(key).then(() => toast.success(`Removed ${title} from this device`)),
  };
}
