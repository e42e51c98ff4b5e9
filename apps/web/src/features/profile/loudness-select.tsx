import { isLoudnessMode, type LoudnessMode } from '@lyra/player-core/loudness';
import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useState } from 'react';
import { readLoudnessMode, setLoudnessMode } from '../player/loudness-storage.js';

const MODES: { mode: LoudnessMode; label: string; hint: string }[] = [
  { mode: 'auto', label: 'Automatic', hint: 'Albums as mastered, other songs at one level' },
  { mode: 'track', label: 'Every song', hint: 'Each song at the same loudness' },
  { mode: 'album', label: 'Albums', hint: 'Keeps the loudness steps within an album' },
  { mode: 'off', label: 'Off', hint: 'Songs play as they were mastered' },
];

/** Volume normalisation: applied at once to the playing song (the player follows the stored mode). */
export function LoudnessSelect() {
  const [mode, setMode] = useState<LoudnessMode>(() => readLoudnessMode());
  const current = MODES.find((m) => m.mode === mode)!;
  const choose = (value: string) => {
    if (!isLoudnessMode(value) || value === mode) return;
    setMode(value);
    setLoudnessMode(value);
  };
  return (
    <Select.Root value={mode} onValueChange={choose}>
      <Select.Trigger
        aria-label="Volume normalisation"
        className="flex min-w-48 items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
      >
        <Select.Value>{current.label}</Select.Value>
        <Select.Icon>
          <ChevronDown className="size-4" aria-hidden />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content position="popper" sideOffset={4} className="z-50 min-w-64 rounded-lg border border-line bg-panel p-1 shadow-xl">
          <Select.Viewport>
            {MODES.map((m) => (
              <Select.Item
                key={m.mode}
                value={m.mode}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised"
              >
                <span>
                  <Select.ItemText>{m.label}</Select.ItemText>
                  <span className="block text-xs text-muted">{m.hint}</span>
                </span>
                <Select.ItemIndicator>
                  <Check className="size-4" aria-hidden />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
