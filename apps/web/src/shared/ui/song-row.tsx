import { ListPlus } from 'lucide-react';
import { coverUrl, primaryArtistNames, songTitle, type SongLike } from '../lib/song-view.js';
import { CoverImage } from './cover-image.js';
import { SongMenuButton, useSongMenu } from './song-menu.js';

/** One song in a list: tap plays it, the side button adds it to the queue; right-click or long-press opens its menu. */
export function SongRow({
  song,
  isCurrent = false,
  onPlay,
  onAddToQueue,
}: {
  song: SongLike;
  isCurrent?: boolean;
  onPlay: () => void;
  onAddToQueue?: () => void;
}) {
  const title = songTitle(song);
  const menu = useSongMenu(song);
  return (
    <li className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-panel" onContextMenu={menu.onContextMenu}>
      <button
        type="button"
        onClick={onPlay}
        className="flex min-w-0 flex-1 items-center gap-3 text-left"
        aria-current={isCurrent ? 'true' : undefined}
        data-song-id={song.id}
      >
        <CoverImage src={coverUrl(song.image, 1)} size={48} className="size-12 shrink-0 rounded-md" />
        <span className="min-w-0">
          <span className={`block truncate font-medium ${isCurrent ? 'text-accent-text' : ''}`}>{title}</span>
          <span className="block truncate text-sm text-muted">{primaryArtistNames(song)}</span>
        </span>
      </button>
      {onAddToQueue && (
        <button
          type="button"
          onClick={onAddToQueue}
          aria-label={`Add ${title} to queue`}
          className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-white"
        >
          <ListPlus className="size-5" aria-hidden />
        </button>
      )}
      <SongMenuButton title={title} onClick={menu.openFrom} />
    </li>
  );
}
