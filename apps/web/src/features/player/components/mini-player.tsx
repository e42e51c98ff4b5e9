import { Link } from 'react-router';
import { coverUrl, songTitle } from '../../../shared/lib/song-view.js';
import { CoverImage } from '../../../shared/ui/cover-image.js';
import { usePlayerStore } from '../player-store.js';
import { artistPieces } from '../song-links.js';
import { FavoriteButton } from './favorite-button.js';
import { SongNames } from './song-names.js';
import { PlayPauseButton, SkipButton } from './transport-buttons.js';

/**
 * SPEC §2 mini player: cover, title, first 20 characters of the primary
 * artists (tap opens /player/{id}; an artist's name opens the artist), play/pause with a spinner while loading,
 * next (disabled on the last song), favourite.
 */
export function MiniPlayer() {
  const song = usePlayerStore((s) => s.queue[s.currentIndex]);
  if (!song) return null;
  const title = songTitle(song);
  return (
    <section
      aria-label="Now playing"
      className="fixed inset-x-2 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-30 mx-auto flex max-w-xl items-center gap-1 rounded-xl bg-raised p-1.5 pr-2 shadow-lg"
    >
      {/* The title's link covers the row (cover included); the artists' links lie over it. */}
      <div className="relative flex min-w-0 flex-1 items-center gap-3">
        <CoverImage src={coverUrl(song.image, 1)} size={44} className="size-11 shrink-0 rounded-lg" />
        <span className="min-w-0">
          <Link
            to={`/player/${encodeURIComponent(song.id)}`}
            aria-label={`Open player: ${title}`}
            className="block truncate text-sm font-semibold after:absolute after:inset-0"
            data-testid="mini-title"
          >
            {title}
          </Link>
          <span className="pointer-events-none relative block truncate text-xs text-muted" data-testid="mini-artists">
            <SongNames pieces={artistPieces(song, 20)} />
          </span>
        </span>
      </div>
      <FavoriteButton variant="mini" />
      <PlayPauseButton className="grid size-11 place-items-center rounded-full hover:bg-panel" icon="size-6" playIcon="size-6" />
      <SkipButton
        to="next"
        className="grid size-11 place-items-center rounded-full hover:bg-panel disabled:opacity-40 disabled:hover:bg-transparent"
        icon="size-5"
      />
    </section>
  );
}
