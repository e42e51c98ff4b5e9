import type { Song } from '@lyra/contracts/catalogue';
import { formatTime } from '@lyra/player-core/time-format';
import { memo, type ReactNode } from 'react';
import { coverUrl, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { SongMenuButton, useSongMenu } from '../../shared/ui/song-menu.js';

/** SPEC §9: list rows are about 70px tall; every row is exactly this, so none needs measuring. */
export const ROW_HEIGHT_PX = 70;

/** The button at a row's end: add to queue, or remove in a user's own playlist. */
export interface RowAction {
  /** The button's accessible name, e.g. 'Add Song to queue'. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/**
 * One song of a list screen. Memoised: while the list scrolls only rows that
 * come into view render, so `onPlay` and `actionFor` should be stable.
 */
export const CollectionRow = memo(function CollectionRow({
  song,
  index,
  isCurrent,
  onPlay,
  actionFor,
}: {
  song: Song;
  index: number;
  isCurrent: boolean;
  onPlay: (index: number) => void;
  actionFor?: (song: Song, index: number) => RowAction | undefined;
}) {
  const title = songTitle(song);
  const action = actionFor?.(song, index);
  const menu = useSongMenu(song);
  return (
    <div className="flex h-[70px] items-center gap-3 rounded-lg px-2 hover:bg-panel" onContextMenu={menu.onContextMenu}>
      <button
        type="button"
        onClick={() => onPlay(index)}
        data-song-id={song.id}
        data-index={index}
        aria-current={isCurrent ? 'true' : undefined}
        className="flex min-w-0 flex-1 items-center gap-3 text-left"
      >
        <span aria-hidden className={`w-6 shrink-0 text-right text-sm tabular-nums ${isCurrent ? 'text-accent-text' : 'text-muted'}`} data-testid="track-number">
          {index + 1}
        </span>
        <CoverImage src={coverUrl(song.image, 1)} size={48} className="size-12 shrink-0 rounded-md" />
        <span className="min-w-0 flex-1">
          <span className={`block truncate font-medium ${isCurrent ? 'text-accent-text' : ''}`}>{title}</span>
          <span className="block truncate text-sm text-muted">{primaryArtistNames(song)}</span>
        </span>
        {song.duration != null && song.duration > 0 ? (
          <span className="shrink-0 text-sm text-muted tabular-nums" data-testid="track-duration">
            {formatTime(song.duration)}
          </span>
        ) : null}
      </button>
      {action && (
        <button
          type="button"
          onClick={action.onClick}
          aria-label={action.label}
          className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-white"
        >
          {action.icon}
        </button>
      )}
      <SongMenuButton title={title} onClick={menu.openFrom} />
    </div>
  );
});

/** A grey row shown while the songs load (SPEC §9: 10 of them). */
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
