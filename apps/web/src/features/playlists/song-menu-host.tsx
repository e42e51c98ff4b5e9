import { Disc3, Link2, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { songTitle } from '../../shared/lib/song-view.js';
import type { SongMenuRequest } from '../../shared/ui/song-menu.js';
import { PublicLinkDialog, useMayShare, type Shareable } from '../shares/index.js';
import { AddToPlaylistItem, MENU_ITEM, MENU_PANEL, OfflineItem } from './song-menu-items.js';

/**
 * A song's menu, opened from any song row (right-click, long-press, or the
 * desktop "More options" button): add to one of the user's playlists (signed
 * out: SPEC#validation-add-playlist-needs's 'Sign in to add to playlist'), go to the album, go to the
 * artist, keep the song on this device (or remove it). One instance for the
 * whole app, placed where it was asked for.
 */
export function SongMenuHost({ request, onClose }: { request: SongMenuRequest | null; onClose: () => void }) {
  const navigate = useNavigate();
  const song = request?.song;
  const albumId = song && typeof song.album === 'object' ? song.album?.id : null;
  const artist = song?.artists?.primary?.find((a) => a.id);
  const labelId = useId();
  const mayShare = useMayShare();
  const [linkTo, setLinkTo] = useState<Shareable | null>(null);

  return (
    <>
      <DropdownMenu.Root open={request != null} onOpenChange={(o) => !o && onClose()} modal={false}>
        <DropdownMenu.Trigger asChild>
          <span aria-hidden className="pointer-events-none fixed size-0" style={{ left: request?.x ?? 0, top: request?.y ?? 0 }} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} collisionPadding={8} className={MENU_PANEL} aria-labelledby={labelId}>
            <DropdownMenu.Label id={labelId} className="truncate px-2 py-1.5 text-xs font-semibold text-muted">
              {song ? songTitle(song) : ''}
            </DropdownMenu.Label>
            <AddToPlaylistItem song={song} />
            <OfflineItem song={song} />
            {albumId && (
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => navigate(`/album/${encodeURIComponent(albumId)}`)}>
                <Disc3 className="size-4" aria-hidden /> Go to album
              </DropdownMenu.Item>
            )}
            {artist?.id && (
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => navigate(`/artist/${encodeURIComponent(artist.id!)}`)}>
                <User className="size-4" aria-hidden /> Go to artist
              </DropdownMenu.Item>
            )}
            {mayShare && song && (
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setLinkTo({ id: song.id, name: songTitle(song) })}>
                <Link2 className="size-4" aria-hidden /> Make a public link
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {linkTo && <PublicLinkDialog item={linkTo} open onOpenChange={(o) => !o && setLinkTo(null)} />}
    </>
  );
}
