import { usePlayerStore } from '../player-store.js';
import { FavoriteButton } from './favorite-button.js';
import { NowPlayingSong } from './now-playing-song.js';
import type { PlayerChromeSlots } from './player-chrome-slots.js';
import { PlayPauseButton, SkipButton } from './transport-buttons.js';

/**
 * SPEC#chrome-mini-player: cover, title, first 20 characters of the primary
 * artists (tap opens /player/{id}; an artist's name opens the artist), play/pause with a spinner while loading,
 * next (disabled on the last song), favourite; and the Devices button from
 * `slots` (SPEC#devices-signed-every-open), like the desktop bar's.
 */
export function MiniPlayer({ slots = {} }: { slots?: Pick<PlayerChromeSlots, 'devices'> }) {
  const song = usePlayerStore((s) => s.queue[s.currentIndex]);
  if (!song) return null;
  return (
    <section
      aria-label="Now playing"
      className="fixed inset-x-2 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-30 mx-auto flex max-w-xl items-center gap-1 rounded-xl bg-raised p-1.5 pr-2 shadow-lg"
    >
      {/* The title's link covers the row (cover included); the artists' links lie over it. */}
      <NowPlayingSong song={song} variant="mini" />
      {slots.devices?.('grid size-11 shrink-0 place-items-center rounded-full text-white/85 hover:bg-panel hover:text-white')}
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
