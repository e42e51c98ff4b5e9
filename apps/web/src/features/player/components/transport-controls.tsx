import { Flame } from 'lucide-react';
import { useFlame } from '../../video-mode/ui.js';
import { PlayModeButton, PlayPauseButton, SkipButton } from './transport-buttons.js';

/** SPEC §2: previous (disabled at the first song), play/pause with spinner, next (disabled at the last); shuffle and repeat at the sides. */
export function TransportControls() {
  const flame = useFlame();
  const side = 'grid size-14 place-items-center rounded-full hover:bg-white/10 disabled:opacity-35 disabled:hover:bg-transparent';
  const mode = 'grid size-11 place-items-center rounded-full hover:bg-white/10';
  return (
    <div className="flex items-center justify-center gap-3 min-[380px]:gap-5">
      <PlayModeButton mode="shuffle" className={mode} icon="size-5" />
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
      <PlayModeButton mode="repeat" className={mode} icon="size-5" />
    </div>
  );
}
