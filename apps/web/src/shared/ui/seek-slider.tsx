import { PLAYER } from '@lyra/player-core/constants';
import { formatTime, fromPercent, toPercent } from '@lyra/player-core/time-format';
import { Slider } from 'radix-ui';
import { useState } from 'react';

/**
 * SPEC#player-full-screen-blurred: the seek slider (1 % steps) with elapsed and total time as m:ss. While dragged it shows
 * where it would go; on release it calls `onSeek` with that place in seconds. Disabled while the
 * length is unknown. This device's player and the one driving another device both show it.
 */
export function SeekSlider({ positionS, durationS, onSeek }: { positionS: number; durationS: number; onSeek: (positionS: number) => void }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const percent = dragging ?? Math.round(toPercent(positionS, durationS));
  const shownS = dragging == null ? positionS : fromPercent(dragging, durationS);
  return (
    <div className="w-full">
      <Slider.Root
        className="relative flex h-6 w-full touch-none items-center select-none"
        min={0}
        max={100}
        step={PLAYER.SEEK_SLIDER_STEP_PERCENT}
        value={[percent]}
        onValueChange={([v]) => setDragging(v ?? 0)}
        onValueCommit={([v]) => {
          setDragging(null);
          onSeek(fromPercent(v ?? 0, durationS));
        }}
        disabled={!(durationS > 0)}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-white/25">
          <Slider.Range className="absolute h-full rounded-full bg-white" />
        </Slider.Track>
        <Slider.Thumb aria-label="Seek" aria-valuetext={`${formatTime(shownS)} of ${formatTime(durationS)}`} className="block size-4 rounded-full bg-white shadow focus-visible:ring-4 focus-visible:ring-white/40 focus-visible:outline-none" />
      </Slider.Root>
      <div className="mt-1 flex justify-between text-xs text-white/80 tabular-nums">
        <span data-testid="elapsed">{formatTime(shownS)}</span>
        <span data-testid="duration">{formatTime(durationS)}</span>
      </div>
    </div>
  );
}
