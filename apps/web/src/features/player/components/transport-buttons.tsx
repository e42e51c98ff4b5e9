import { hasNext, hasPrevious } from '@lyra/player-core/queue';
import type { RepeatMode } from '@lyra/player-core/play-order';
import { Pause, Play, Repeat, Repeat1, Shuffle, SkipBack, SkipForward } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../../shared/ui/spinner.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';

/**
 * The transport buttons the player screen, the desktop player bar and the mini
 * player share, each at its own size: play/pause (a spinner while a playing
 * song loads) and previous/next (disabled at the queue's ends).
 */
export function PlayPauseButton({
  className,
  icon,
  playIcon,
  spinner,
  pauseBadge,
}: {
  className: string;
  /** Classes of the pause icon. */
  icon: string;
  /** Classes of the play icon (nudged right, so the triangle looks centred). */
  playIcon: string;
  spinner?: string;
  /** Drawn over the pause icon (the player screen's flame). */
  pauseBadge?: ReactNode;
}) {
  const isPlaying = usePlayerStore((s) => s.isPlaying);
  const isLoading = usePlayerStore((s) => s.isLoading);
  const pause = <Pause className={icon} aria-hidden />;
  return (
    <button type="button" onClick={commands.toggle} aria-label={isPlaying ? 'Pause' : 'Play'} aria-busy={isLoading} className={className}>
      {isLoading && isPlaying ? (
        <Spinner className={spinner} />
      ) : isPlaying ? (
        pauseBadge ? (
          <span className="relative">
            {pause}
            {pauseBadge}
          </span>
        ) : (
          pause
        )
      ) : (
        <Play className={playIcon} aria-hidden />
      )}
    </button>
  );
}

export function SkipButton({ to, className, icon }: { to: 'previous' | 'next'; className: string; icon: string }) {
  const enabled = usePlayerStore(to === 'next' ? hasNext : hasPrevious);
  const Icon = to === 'next' ? SkipForward : SkipBack;
  return (
    <button
      type="button"
      onClick={to === 'next' ? commands.next : commands.previous}
      disabled={!enabled}
      aria-label={to === 'next' ? 'Next song' : 'Previous song'}
      className={className}
    >
      <Icon className={icon} aria-hidden />
    </button>
  );
}

const REPEAT_LABEL: Record<RepeatMode, string> = { all: 'Repeat all', one: 'Repeat one', off: 'Repeat off' };

/**
 * Shuffle and repeat (player-core's play-order.ts), on the player screen and
 * the desktop bar. Lit in the accent colour when on; repeat names its mode
 * (all, the default; one; off) and a tap moves to the next.
 */
/** `className` sets the size and shape; the button sets its own colour. */
export function PlayModeButton({ mode, className, icon }: { mode: 'shuffle' | 'repeat'; className: string; icon: string }) {
  const shuffle = usePlayerStore((s) => s.shuffle);
  const repeat = usePlayerStore((s) => s.repeat);
  const colour = (on: boolean) => (on ? 'text-accent-text' : 'text-white/70 hover:text-white');
  if (mode === 'shuffle') {
    return (
      <button type="button" onClick={commands.toggleShuffle} aria-label="Shuffle" aria-pressed={shuffle} className={`${className} ${colour(shuffle)}`}>
        <Shuffle className={icon} aria-hidden />
      </button>
    );
  }
  const Icon = repeat === 'one' ? Repeat1 : Repeat;
  return (
    <button type="button" onClick={commands.cycleRepeat} aria-label={REPEAT_LABEL[repeat]} className={`${className} ${colour(repeat !== 'off')}`}>
      <Icon className={icon} aria-hidden />
    </button>
  );
}
