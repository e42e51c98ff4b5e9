import type { Song } from '@lyra/contracts/catalogue';
import { ArrowDownToLine, CircleCheck, Disc3, ListPlus, Plus, Trash2, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { signInToast } from '../../shared/lib/toasts.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { coverUrl, songTitle } from '../../shared/lib/song-view.js';
import type { SongMenuRequest } from '../../shared/ui/song-menu.js';
import { toast } from '../../shared/lib/toast.js';
import { useSessionUser } from '../auth/index.js';
import { collectionKey, makeAvailableOffline, removeOffline, useOfflineStore } from '../offline/index.js';
import { useAddToPlaylist } from './use-add-to-playlist.js';

const ITEM = 'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised';
const PANEL = 'z-50 max-h-80 min-w-56 overflow-y-auto rounded-xl border border-line bg-panel p-1 shadow-xl';

/**
 * A song's menu, opened from any song row (right-click, long-press, or the
 * desktop "More options" button): add to one of the user's playlists (signed
 * out: SPEC §5's 'Sign in to add to playlist'), go to the album, go to the
 * artist, keep the song on this device (or remove it). One instance for the
 * whole app, placed where it was asked for.
 */
export function SongMenuHost({ request, onClose }: { request: SongMenuRequest | null; onClose: () => void }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { playlists, save } = useAddToPlaylist();
  const song = request?.song;
  const albumId = song && typeof song.album === 'object' ? song.album?.id : null;
  const artist = song?.artists?.primary?.find((a) => a.id);
  const labelId = useId();
  const offline = useSongOffline(song);

  return (
    <DropdownMenu.Root open={request != null} onOpenChange={(o) => !o && onClose()} modal={false}>
      <DropdownMenu.Trigger asChild>
        <span aria-hidden className="pointer-events-none fixed size-0" style={{ left: request?.x ?? 0, top: request?.y ?? 0 }} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} collisionPadding={8} className={PANEL} aria-labelledby={labelId}>
          <DropdownMenu.Label id={labelId} className="truncate px-2 py-1.5 text-xs font-semibold text-muted">
            {song ? songTitle(song) : ''}
          </DropdownMenu.Label>
          {user ? (
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className={ITEM}>
                <ListPlus className="size-4" aria-hidden /> Add to playlist
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent sideOffset={4} collisionPadding={8} className={PANEL}>
                  {playlists.map((p) => (
                    <DropdownMenu.Item key={p.$id} className={ITEM} onSelect={() => song && void save(p, song.id)}>
                      <span className="truncate">{p.name || 'Untitled playlist'}</span>
                    </DropdownMenu.Item>
                  ))}
                  {playlists.length === 0 && (
                    <DropdownMenu.Item className={ITEM} onSelect={() => navigate('/library')}>
                      <Plus className="size-4" aria-hidden /> Create New Playlist
                    </DropdownMenu.Item>
                  )}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
          ) : (
            <DropdownMenu.Item className={ITEM} onSelect={() => signInToast('Sign in to add to playlist', navigate)}>
              <ListPlus className="size-4" aria-hidden /> Add to playlist
            </DropdownMenu.Item>
          )}
          {offline?.state === 'kept' && (
            <DropdownMenu.Item className={ITEM} onSelect={offline.remove}>
              <Trash2 className="size-4" aria-hidden /> Remove download
            </DropdownMenu.Item>
          )}
          {offline?.state === 'inCollection' && (
            <DropdownMenu.Item className={ITEM} disabled>
              <CircleCheck className="size-4 text-emerald-400" aria-hidden /> Available offline
            </DropdownMenu.Item>
          )}
          {offline?.state === 'none' && (
            <DropdownMenu.Item className={ITEM} onSelect={offline.keep}>
              <ArrowDownToLine className="size-4" aria-hidden /> Make available offline
            </DropdownMenu.Item>
          )}
          {albumId && (
            <DropdownMenu.Item className={ITEM} onSelect={() => navigate(`/album/${encodeURIComponent(albumId)}`)}>
              <Disc3 className="size-4" aria-hidden /> Go to album
            </DropdownMenu.Item>
          )}
          {artist?.id && (
            <DropdownMenu.Item className={ITEM} onSelect={() => navigate(`/artist/${encodeURIComponent(artist.id!)}`)}>
              <User className="size-4" aria-hidden /> Go to artist
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A catalogue song (one with audio addresses); rows that keep less (recent plays) are looked up when kept. */
const isCatalogueSong = (song: SongMenuRequest['song']): song is Song & SongMenuRequest['song'] =>
  'downloadUrl' in song && Array.isArray((song as { downloadUrl?: unknown }).downloadUrl);

function useSongOffline(song: SongMenuRequest['song'] | undefined) {
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
