import type { AudioQuality } from '@lyra/player-core/audio-quality';
import { isAudioQuality } from '@lyra/player-core/audio-quality';
import { Select, Tooltip } from 'radix-ui';
import { toast } from '../../shared/lib/toast.js';
import { useStoredChoice } from '../../shared/lib/use-stored-choice.js';
import { SettingsSelectItem, SettingsSelectMenu, SettingsSelectTrigger } from '../../shared/ui/hinted-select.js';
import { readAudioQuality, setAudioQuality } from '../player/index.js';
import { QUALITY_TIERS, qualityLabel } from './quality-tiers.js';

/**
 * SPEC#profile-audio-quality-dropdown-tiers, SPEC#states-audio-quality: Audio Quality Settings. A choice is stored and applied to the
 * playing song at its position (the audio engine listens to quality-storage),
 * then confirmed with 'Audio quality set to {quality}' (SPEC#errors-quality).
 */
export function AudioQualitySelect() {
  const [quality, store] = useStoredChoice<AudioQuality>(readAudioQuality, setAudioQuality);

  const choose = (value: string) => {
    if (!isAudioQuality(value) || value === quality) return;
    store(value);
    toast.success(`Audio quality set to ${value}`);
  };

  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <Select.Root value={quality} onValueChange={choose}>
        <SettingsSelectTrigger label="Audio quality">
          {quality} ({qualityLabel(quality)})
        </SettingsSelectTrigger>
        <SettingsSelectMenu minWidth="min-w-56">
          {QUALITY_TIERS.map(({ tier, levels }) => (
            <Select.Group key={tier}>
              <Select.Label className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{tier}</Select.Label>
              {levels.map((level) => (
                <Tooltip.Root key={level.quality}>
                  <Tooltip.Trigger asChild>
                    <SettingsSelectItem value={level.quality}>
                      <Select.ItemText>
                        {level.quality} ({level.label})
                      </Select.ItemText>
                    </SettingsSelectItem>
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
        </SettingsSelectMenu>
      </Select.Root>
    </Tooltip.Provider>
  );
}
