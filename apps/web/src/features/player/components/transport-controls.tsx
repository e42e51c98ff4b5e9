import { hasNext, hasPrevious } from '@lyra/player-core/queue';
import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { Spinner } from '../../../shared/ui/spinner.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';

/** SPEC §2: previous (disabled at the first song), play/pause with spinner, next (disabled at the last). */
export function TransportControls() {
  const isPlaying = usePlayerStore((s) => s.isPlaying);
  const isLoading = usePlayerStore((s) => s.isLoading);
  const canPrevious = usePlayerStore(hasPrevious);
  const canNext = usePlayerStore(hasNext);
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
          <Pause className="size-8 fill-black" aria-hidden />
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
