import { formatTime } from '@lyra/player-core/time-format';
import { ListPlus } from 'lucide-react';
import { songAlbumLink, songArtistLinks } from '../lib/entity-links.js';
import { coverUrl, songTitle, type SongLike } from '../lib/song-view.js';
import { CoverImage } from './cover-image.js';
import { NameLinks, STRETCHED_BUTTON } from './name-links.js';
import { SongMenuButton, useSongMenu } from './song-menu.js';

/**
 * One song in a list: a tap on the row plays it, a tap on an artist's (or the album's) name
 * opens its page, the side button adds it to the queue; right-click or long-press opens its
 * menu. With `details` (Search), the line under the title adds the album after the artists
 * ("artists · album") and the length (m:ss) stands at the right.
 */
export function SongRow({
  song,
  isCurrent = false,
  details = false,
  onPlay,
  onAddToQueue,
}: {
  song: SongLike & { duration?: number | null; artists?: { featured?: readonly { id?: string | null; name?: string | null }[] | null } | null };
  isCurrent?: boolean;
  details?: boolean;
  onPlay: () => void;
  onAddToQueue?: () => void;
}) {
  const title = songTitle(song);
  const menu = useSongMenu(song);
  const album = details ? songAlbumLink(song) : null;
  const length = details && song.duration != null && song.duration > 0 ? formatTime(song.duration) : null;
  return (
    <li className="relative flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-panel" onContextMenu={menu.onContextMenu}>
      <CoverImage src={coverUrl(song.image, 1)} size={48} className="size-12 shrink-0 rounded-md" />
      <span className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onPlay}
          className={`block w-full truncate font-medium ${STRETCHED_BUTTON} ${isCurrent ? 'text-accent-text' : ''}`}
          aria-current={isCurrent ? 'true' : undefined}
          data-song-id={song.id}
        >
          {title}
        </button>
        <span className="block truncate text-sm text-muted">
          <NameLinks links={songArtistLinks(song)} />
          {album ? (
            <>
              {' · '}
              <NameLinks links={[album]} />
            </>
          ) : null}
        </span>
      </span>
      {length ? (
        <span className="shrink-0 text-sm tabular-nums text-muted" aria-label={`Length ${length}`}>
          {length}
        </span>
      ) : null}
      {onAddToQueue && (
        <button
          type="button"
          onClick={onAddToQueue}
          aria-label={`Add ${title} to queue`}
          className="relative z-[1] grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-white"
        >
          <ListPlus className="size-5" aria-hidden />
        </button>
      )}
      <SongMenuButton title={title} onClick={menu.openFrom} />
    </li>
  );
}
