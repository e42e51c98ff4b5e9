import type { Song } from '@lyra/contracts/catalogue';
import { formatTime } from '@lyra/player-core/time-format';
import { memo, type ReactNode } from 'react';
import { songAlbumLink, songArtistLinks } from '../../shared/lib/entity-links.js';
import { coverUrl, songTitle } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { NameLinks, STRETCHED_BUTTON } from '../../shared/ui/name-links.js';
import { SongMenuButton, useSongMenu } from '../../shared/ui/song-menu.js';
import { listPlayButton } from '../../shared/ui/list-play-button.js';

/** SPEC#limits-lists: list rows are about 70px tall; every row is exactly this, so none needs measuring. */
export const ROW_HEIGHT_PX = 70;

/** The button at a row's end: add to queue, or remove in a user's own playlist. */
export interface RowAction {
  /** The button's accessible name, e.g. 'Add Song to queue'. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/** What a row shows besides the title and artists: the album's own screen has no covers and no album column. */
export interface RowLook {
  /** The song's cover beside its number (not on an album's screen, where every cover is the album's). */
  covers: boolean;
  /** The song's album, a link, on wide screens. */
  albums: boolean;
}

export const LIST_LOOK: RowLook = { covers: true, albums: true };

/**
 * One song of a list screen: a tap on the row plays it, a tap on an artist's or the album's
 * name opens its page. Memoised: while the list scrolls only rows that come into view render,
 * so `onPlay` and `actionFor` should be stable.
 */
export const CollectionRow = memo(function CollectionRow({
  song,
  index,
  isCurrent,
  onPlay,
  actionFor,
  look = LIST_LOOK,
}: {
  song: Song;
  index: number;
  isCurrent: boolean;
  onPlay: (index: number) => void;
  actionFor?: (song: Song, index: number) => RowAction | undefined;
  look?: RowLook;
}) {
  const title = songTitle(song);
  const action = actionFor?.(song, index);
  const menu = useSongMenu(song);
  const album = look.albums ? songAlbumLink(song) : null;
  return (
    <div className="relative flex h-[70px] items-center gap-3 rounded-lg px-2 hover:bg-panel" onContextMenu={menu.onContextMenu}>
      <span aria-hidden className={`w-6 shrink-0 text-right text-sm tabular-nums ${isCurrent ? 'text-accent-text' : 'text-muted'}`} data-testid="track-number">
        {index + 1}
      </span>
      {look.covers ? <CoverImage src={coverUrl(song.image, 1)} size={48} className="size-12 shrink-0 rounded-md" /> : null}
      <span className="min-w-0 flex-1">
        <button
          {...listPlayButton(song.id, index, isCurrent, onPlay)}
          className={`block w-full truncate font-medium ${STRETCHED_BUTTON} ${isCurrent ? 'text-accent-text' : ''}`}
        >
          {title}
        </button>
        <span className="block truncate text-sm text-muted">
          <NameLinks links={songArtistLinks(song)} />
        </span>
      </span>
      {album ? (
        <span className="hidden w-1/4 min-w-0 truncate text-sm text-muted lg:block" data-testid="track-album">
          <NameLinks links={[album]} />
        </span>
      ) : null}
      {song.duration != null && song.duration > 0 ? (
        <span className="shrink-0 text-sm text-muted tabular-nums" data-testid="track-duration">
          {formatTime(song.duration)}
        </span>
      ) : null}
      {action && (
        <button
          type="button"
          onClick={action.onClick}
          aria-label={action.label}
          className="relative z-[1] grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-white"
        >
          {action.icon}
        </button>
      )}
      <SongMenuButton title={title} onClick={menu.openFrom} />
    </div>
  );
});

/** A grey row shown while the songs load (SPEC#limits-lists: 10 of them). */
export function PlaceholderRow() {
  return (
    <div aria-hidden className="flex h-[70px] items-center gap-3 px-2">
      <div className="size-12 shrink-0 animate-pulse rounded-md bg-raised motion-reduce:animate-none" />
      <div className="flex-1 space-y-2">
        <div className="h-3 w-2/3 animate-pulse rounded bg-raised motion-reduce:animate-none" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-raised motion-reduce:animate-none" />
      </div>
    </div>
  );
}
