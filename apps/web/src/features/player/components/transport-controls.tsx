import { Flame } from 'lucide-react';
import { TransportRow } from './transport-row.js';

/** SPEC#player-full-screen-blurred, SPEC#player-shuffle-repeat-buttons: previous (disabled at the first song), play/pause with spinner, next (disabled at the last); shuffle and repeat at the sides. */
/** `flame`: the pause button carries video mode's flame (the app layer says when). */
export function TransportControls({ flame = false }: { flame?: boolean }) {
  return (
    <TransportRow
      className="flex items-center justify-center gap-3 min-[380px]:gap-5"
      mode={{ className: 'grid size-11 place-items-center rounded-full hover:bg-white/10', icon: 'size-5' }}
      skip={{ className: 'grid size-14 place-items-center rounded-full hover:bg-white/10 disabled:opacity-35 disabled:hover:bg-transparent', icon: 'size-7' }}
      playPause={{
        className: 'grid size-18 place-items-center rounded-full bg-white text-black hover:scale-105 motion-reduce:hover:scale-100',
        icon: 'size-8 fill-black',
        playIcon: 'size-8 translate-x-0.5 fill-black',
        spinner: 'size-8',
        pauseBadge: flame && (
          <Flame
            data-testid="flame"
            className="absolute -top-5 left-1/2 size-6 -translate-x-1/2 animate-bounce fill-orange-500 text-orange-600 motion-reduce:animate-none"
            aria-hidden
          />
        ),
      }}
    />
  );
}
