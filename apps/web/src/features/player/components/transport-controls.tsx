import { hasNext, hasPrevious } from '@lyra/player-core/queue';
import { Flame, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { Spinner } from '../../../shared/ui/spinner.js';
import { useFlame } from '../../video-mode/ui.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';

/** SPEC §2: previous (disabled at the first song), play/pause with spinner, next (disabled at the last). */
export function TransportControls() {
  const isPlaying = usePlayerStore((s) => s.isPlaying);
  const isLoading = usePlayerStore((s) => s.isLoading);
  const canPrevious = usePlayerStore(hasPrevious);
  const canNext = usePlayerStore(hasNext);
  const flame = useFlame();
  const side = 'grid size-14 place-items-center rounded-full hover:bg-white/10 disabled:opacity-35 disabled:hover:bg-transparent';
  return (
    <div className="flex items-center justify-center gap-6">
      <button type="button" onClick={commands.previous} disabled={!canPrevious} aria-label="Previous song" className={side}>
        <SkipBack className="size-7" aria-hidden />
      </button>
      <button
        type="button"
        onClick={commands.toggle}
        aria-label={isPlaying ? 'Pause' : 'Play'}
        aria-busy={isLoading}
        className="grid size-18 place-items-center rounded-full bg-white text-black hover:scale-105 motion-reduce:hover:scale-100"
      >
        {isLoading && isPlaying ? (
          <Spinner className="size-8" />
        ) : isPlaying ? (
          <span className="relative">
            <Pause className="size-8 fill-black" aria-hidden />
            {flame && <Flame data-testid="flame" className="absolute -top-5 left-1/2 size-6 -translate-x-1/2 animate-bounce fill-orange-500 text-orange-600 motion-reduce:animate-none" aria-hidden />}
          </span>
        ) : (
          <Play className="size-8 translate-x-0.5 fill-black" aria-hidden />
        )}
      </button>
      <button type="button" onClick={commands.next} disabled={!canNext} aria-label="Next song" className={side}>
        <SkipForward className="size-7" aria-hidden />
      </button>
    </div>
  );
}
