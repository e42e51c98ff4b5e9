import { ListMusic } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { coverUrl, songTitle } from '../../../shared/lib/song-view.js';
import { CoverImage } from '../../../shared/ui/cover-image.js';
import { usePlayerStore } from '../player-store.js';
import { artistPieces } from '../song-links.js';
import { FavoriteButton } from './favorite-button.js';
import { QueueDrawer } from './queue-drawer.js';
import { SeekBar } from './seek-bar.js';
import { SongNames } from './song-names.js';
import { PlayModeButton, PlayPauseButton, SkipButton } from './transport-buttons.js';
import { VolumeSlider } from './volume-slider.js';

import { PLAYER_BAR_PX } from './player-bar-size.js';

export { PLAYER_BAR_PX };

/**
 * The desktop player bar (>= 1024 px), fixed at the bottom on every route:
 * the song (tap opens the player, an artist's name the artist), shuffle, previous / play  / next, repeat over the seek bar
 * with its times, favourite, volume and the queue. Phones keep SPEC's mini
 * player instead (the shell shows one or the other).
 */
export function PlayerBar() {
  const song = usePlayerStore((s) => s.queue[s.currentIndex]);
  const [queueOpen, setQueueOpen] = useState(false);
  if (!song) return null;
  const title = songTitle(song);
  const side = 'grid size-10 place-items-center rounded-full text-white/85 hover:text-white disabled:opacity-35';
  const modeButton = 'grid size-10 place-items-center rounded-full';
  return (
    <section
      aria-label="Player"
      style={{ height: PLAYER_BAR_PX }}
      className="fixed inset-x-0 bottom-0 z-40 hidden grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-6 border-t border-line bg-panel/95 px-4 backdrop-blur lg:grid"
    >
      <div className="flex min-w-0 items-center gap-3">
        {/* The title's link covers the song (cover included); the artists' links lie over it. */}
        <div className="relative flex min-w-0 items-center gap-3">
          <CoverImage src={coverUrl(song.image, 1)} size={56} className="size-14 shrink-0 rounded-md" />
          <span className="min-w-0">
            <Link
              to={`/player/${encodeURIComponent(song.id)}`}
              aria-label={`Open player: ${title}`}
              className="block truncate text-sm font-semibold after:absolute after:inset-0 hover:underline"
              data-testid="bar-title"
            >
              {title}
            </Link>
            <span className="pointer-events-none relative block truncate text-xs text-muted" data-testid="bar-artists">
              <SongNames pieces={artistPieces(song)} linkClass="hover:text-white" />
            </span>
          </span>
        </div>
        <FavoriteButton variant="mini" />
      </div>
      <div className="flex min-w-0 flex-col items-center">
        <div className="flex items-center gap-4">
          <PlayModeButton mode="shuffle" className={modeButton} icon="size-4" />
          <SkipButton to="previous" className={side} icon="size-5 fill-current" />
          <PlayPauseButton
            className="grid size-10 place-items-center rounded-full bg-white text-black hover:scale-105 motion-reduce:hover:scale-100"
            icon="size-5 fill-black"
            playIcon="size-5 translate-x-px fill-black"
          />
          <SkipButton to="next" className={side} icon="size-5 fill-current" />
          <PlayModeButton mode="repeat" className={modeButton} icon="size-4" />
        </div>
        <div className="w-full max-w-xl">
          <SeekBar />
        </div>
      </div>
      <div className="flex items-center justify-end gap-3">
        <button type="button" onClick={() => setQueueOpen(true)} aria-label="Queue" className={side}>
          <ListMusic className="size-5" aria-hidden />
        </button>
        <div className="w-32">
          <VolumeSlider />
        </div>
      </div>
      <QueueDrawer open={queueOpen} onOpenChange={setQueueOpen} />
    </section>
  );
}
