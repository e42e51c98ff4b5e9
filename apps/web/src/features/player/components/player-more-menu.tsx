import type { Song } from '@lyra/contracts/catalogue';
import type { ReactNode } from 'react';
import { Disc3, MoreHorizontal, Share2, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { toast } from '../../../shared/lib/toast.js';
import { AddToPlaylistItem, MENU_ITEM, MENU_PANEL, OfflineItem } from '../../playlists/ui.js';
import { shareFromPage } from '../share-song.js';
import { albumLink, artistPieces } from '../song-links.js';

/**
 * The player's "More options": go to the album, go to the (first) artist,
 * add to a playlist, keep the song offline, share, then the items the app
 * layer adds (`more`, given the items' class: making a public link to the
 * song, starting a listening room).
 * The items a song lacks (no album or artist page) are left out.
 */
export function PlayerMoreMenu({ song, className, more }: { song: Song; className: string; more?: (itemClass: string) => ReactNode }) {
  const navigate = useNavigate();
  const album = albumLink(song).to;
  const artist = artistPieces(song).find((p) => p.to)?.to;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label="More options" className={className}>
        <MoreHorizontal className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} collisionPadding={8} className={MENU_PANEL}>
          {album && (
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => navigate(album)}>
              <Disc3 className="size-4" aria-hidden /> Go to album
            </DropdownMenu.Item>
          )}
          {artist && (
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => navigate(artist)}>
              <User className="size-4" aria-hidden /> Go to artist
            </DropdownMenu.Item>
          )}
          <AddToPlaylistItem song={song} />
          <OfflineItem song={song} />
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => void shareFromPage(song, (m) => toast.success(m))}>
            <Share2 className="size-4" aria-hidden /> Share
          </DropdownMenu.Item>
          {more?.(MENU_ITEM)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
