import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { Slider } from 'radix-ui';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';

/** SPEC#player-full-screen-blurred, SPEC#limits-player: volume 0-100 in steps of 1, starting at 70. */
export function VolumeSlider() {
  const percent = Math.round(usePlayerStore((s) => s.volume) * 100);
  const Icon = percent === 0 ? VolumeX : percent < 50 ? Volume1 : Volume2;
  return (
    <div className="flex w-full items-center gap-3">
      <Icon className="size-5 shrink-0 text-white/80" aria-hidden />
      <Slider.Root
        className="relative flex h-6 w-full touch-none items-center select-none"
        min={0}
        max={100}
        step={1}
        value={[percent]}
        onValueChange={([v]) => commands.setVolumePercent(v ?? 0)}
      >
        <Slider.Track className="relative h-1 grow rounded-full bg-white/25">
          <Slider.Range className="absolute h-full rounded-full bg-white/90" />
        </Slider.Track>
        <Slider.Thumb aria-label="Volume" className="block size-3.5 rounded-full bg-white focus-visible:ring-4 focus-visible:ring-white/40 focus-visible:outline-none" />
      </Slider.Root>
    </div>
  );
}
