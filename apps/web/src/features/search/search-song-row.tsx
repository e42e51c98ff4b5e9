import type { Song } from '@lyra/contracts/catalogue';
import { formatTime } from '@lyra/player-core/time-format';
import { ListPlus } from 'lucide-react';
import { coverUrl, decodeEntities, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { SongMenuButton, useSongMenu } from '../../shared/ui/song-menu.js';

/** The line under a found song's title: its artists and, when it has one, its album. */
export function songDetail(song: Song): string {
  const album = decodeEntities(song.album?.name ?? '').trim();
  return [primaryArtistNames(song), album].filter(Boolean).join(' · ');
}

/**
 * A found song: cover, title, artists and album, and its length on the right. A tap plays it,
 * the side button adds it to the queue; right-click or long-press opens its menu.
 */
export function SearchSongRow({ song, onPlay, onAddToQueue }: { song: Song; onPlay: () => void; onAddToQueue: () => void }) {
  const title = songTitle(song);
  const menu = useSongMenu(song);
  return (
    <li className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-panel" onContextMenu={menu.onContextMenu}>
      <button type="button" onClick={onPlay} className="flex min-w-0 flex-1 items-center gap-3 text-left" data-song-id={song.id}>
        <CoverImage src={coverUrl(song.image, 1)} size={48} className="size-12 shrink-0 rounded-md" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{title}</span>
          <span className="block truncate text-sm text-muted">{songDetail(song)}</span>
        </span>
        {song.duration != null && song.duration > 0 && (
          <span className="shrink-0 text-sm tabular-nums text-muted" aria-label={`Length ${formatTime(song.duration)}`}>
            {formatTime(song.duration)}
          </span>
        )}
      </button>
      <button
        type="button"
        onClick={onAddToQueue}
        aria-label={`Add ${title} to queue`}
        className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-white"
      >
        <ListPlus className="size-5" aria-hidden />
      </button>
      <SongMenuButton title={title} onClick={menu.openFrom} />
    </li>
  );
}
