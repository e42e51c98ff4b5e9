import type { ReactNode } from 'react';
import { coverUrl, primaryArtistNames, songTitle, type SongLike } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';

/** Cards of a row that a phone shows without scrolling (144 px cards on a ~400 px screen). */
export const FIRST_SCREEN_TILES = 3;

/**
 * A song as a card in a Home row: cover, title, primary artists; a tap plays.
 * The title and artist are the button's first two nested spans, like a list row.
 */
export function SongTile({
  song,
  onPlay,
  isCurrent = false,
  badge,
  size = 'md',
  priority = false,
}: {
  song: SongLike;
  onPlay: () => void;
  isCurrent?: boolean;
  badge?: ReactNode;
  size?: 'sm' | 'md';
  /** On the first screen: the cover loads at once, first (it is what the page is judged by). */
  priority?: boolean;
}) {
  const px = size === 'sm' ? 96 : 144;
  return (
    <button
      type="button"
      onClick={onPlay}
      data-song-id={song.id}
      aria-current={isCurrent ? 'true' : undefined}
      className={`group relative block w-full text-left ${size === 'sm' ? '' : 'w-36'}`}
    >
      <CoverImage src={coverUrl(song.image)} size={px} priority={priority} className="aspect-square w-full rounded-lg" />
      {badge}
      <span className="mt-1.5 block min-w-0">
        <span className={`block truncate text-sm font-medium ${isCurrent ? 'text-accent-text' : ''}`}>{songTitle(song)}</span>
        <span className="block truncate text-xs text-muted">{primaryArtistNames(song)}</span>
      </span>
    </button>
  );
}
