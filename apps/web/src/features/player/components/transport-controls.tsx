import { Flame } from 'lucide-react';
import { useFlame } from '../../video-mode/ui.js';
import { PlayPauseButton, SkipButton } from './transport-buttons.js';

/** SPEC §2: previous (disabled at the first song), play/pause with spinner, next (disabled at the last). */
export function TransportControls() {
  const flame = useFlame();
  const side = 'grid size-14 place-items-center rounded-full hover:bg-white/10 disabled:opacity-35 disabled:hover:bg-transparent';
  return (
    <div className="flex items-center justify-center gap-6">
      <SkipButton to="previous" className={side} icon="size-7" />
      <PlayPauseButton
        className="grid size-18 place-items-center rounded-full bg-white text-black hover:scale-105 motion-reduce:hover:scale-100"
        icon="size-8 fill-black"
        playIcon="size-8 translate-x-0.5 fill-black"
        spinner="size-8"
        pauseBadge={
          flame && (
            <Flame
              data-testid="flame"
              className="absolute -top-5 left-1/2 size-6 -translate-x-1/2 animate-bounce fill-orange-500 text-orange-600 motion-reduce:animate-none"
              aria-hidden
            />
          )
        }
      />
      <SkipButton to="next" className={side} icon="size-7" />
    </div>
  );
}
