import type { AudioQuality } from '@lyra/player-core/audio-quality';
import { isAudioQuality } from '@lyra/player-core/audio-quality';
import { Check, ChevronDown } from 'lucide-react';
import { Select, Tooltip } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { readAudioQuality, setAudioQuality } from '../player/index.js';
import { QUALITY_TIERS, qualityLabel } from './quality-tiers.js';

/**
 * SPEC §2/§4 Audio Quality Settings. A choice is stored and applied to the
 * playing song at its position (the audio engine listens to quality-storage),
 * then confirmed with 'Audio quality set to {quality}' (SPEC §8).
 */
export function AudioQualitySelect() {
  const [quality, setQuality] = useState<AudioQuality>(() => readAudioQuality());

  const choose = (value: string) => {
    if (!isAudioQuality(value) || value === quality) return;
    setQuality(value);
    setAudioQuality(value);
    toast.success(`Audio quality set to ${value}`);
  };

  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <Select.Root value={quality} onValueChange={choose}>
        <Select.Trigger
          aria-label="Audio quality"
          className="flex min-w-48 items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
        >
          <Select.Value>
            {quality} ({qualityLabel(quality)})
          </Select.Value>
          <Select.Icon>
            <ChevronDown className="size-4" aria-hidden />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content position="popper" sideOffset={4} className="z-50 min-w-56 rounded-lg border border-line bg-panel p-1 shadow-xl">
            <Select.Viewport>
              {QUALITY_TIERS.map(({ tier, levels }) => (
                <Select.Group key={tier}>
                  <Select.Label className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{tier}</Select.Label>
                  {levels.map((level) => (
                    <Tooltip.Root key={level.quality}>
                      <Tooltip.Trigger asChild>
                        <Select.Item
                          value={level.quality}
                          className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised"
                        >
                          <Select.ItemText>
                            {level.quality} ({level.label})
                          </Select.ItemText>
                          <Select.ItemIndicator>
                            <Check className="size-4" aria-hidden />
                          </Select.ItemIndicator>
                        </Select.Item>
                      </Tooltip.Trigger>
                      <Tooltip.Portal>
                        <Tooltip.Content side="right" sideOffset={8} className="z-[60] max-w-56 rounded-md bg-white px-2 py-1 text-xs text-black shadow">
                          {level.tooltip}
                        </Tooltip.Content>
                      </Tooltip.Portal>
                    </Tooltip.Root>
                  ))}
                </Select.Group>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </Tooltip.Provider>
  );
}
