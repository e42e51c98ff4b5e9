import { ListMusic } from 'lucide-react';
import { useState } from 'react';
import { usePlayerStore } from '../player-store.js';
import { FavoriteButton } from './favorite-button.js';
import { NowPlayingSong } from './now-playing-song.js';
import type { PlayerChromeSlots } from './player-chrome-slots.js';
import { QueueDrawer } from './queue-drawer.js';
import { SeekBar } from './seek-bar.js';
import { TransportRow } from './transport-row.js';
import { VolumeSlider } from './volume-slider.js';

import { PLAYER_BAR_PX } from './player-bar-size.js';

export { PLAYER_BAR_PX };

/**
 * The desktop player bar (>= 1024 px), fixed at the bottom on every route:
 * the song (tap opens the player, an artist's name the artist), shuffle, previous / play  / next, repeat over the seek bar
 * with its times, favourite, volume and the queue; from `slots`, the buttons
 * that start a listening room and list the devices. Phones keep SPEC's mini
 * player instead (the shell shows one or the other).
 */
export function PlayerBar({ slots = {} }: { slots?: PlayerChromeSlots }) {
  const song = usePlayerStore((s) => s.queue[s.currentIndex]);
  const [queueOpen, setQueueOpen] = useState(false);
  if (!song) return null;
  const side = 'grid size-10 place-items-center rounded-full text-white/85 hover:text-white disabled:opacity-35';
  return (
    <section
      aria-label="Player"
      style={{ height: PLAYER_BAR_PX }}
      className="fixed inset-x-0 bottom-0 z-40 hidden grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-6 border-t border-line bg-panel px-4 lg:grid"
    >
      <div className="flex min-w-0 items-center gap-3">
        {/* The title's link covers the song (cover included); the artists' links lie over it. */}
        <NowPlayingSong song={song} variant="bar" />
        <FavoriteButton variant="mini" />
      </div>
      <div className="flex min-w-0 flex-col items-center">
        <TransportRow
          className="flex items-center gap-4"
          mode={{ className: 'grid size-10 place-items-center rounded-full', icon: 'size-4' }}
          skip={{ className: side, icon: 'size-5 fill-current' }}
          playPause={{
            className: 'grid size-10 place-items-center rounded-full bg-white text-black hover:scale-105 motion-reduce:hover:scale-100',
            icon: 'size-5 fill-black',
            playIcon: 'size-5 translate-x-px fill-black',
          }}
        />
        <div className="w-full max-w-xl">
          <SeekBar />
        </div>
      </div>
      <div className="flex items-center justify-end gap-3">
        {slots.startRoomButton?.(side)}
        {slots.devices?.(side)}
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
