import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useState } from 'react';
import { DOWNLOAD_QUALITIES, isDownloadQuality, readDownloadQuality, writeDownloadQuality, type DownloadQuality } from './download-quality.js';

/** Profile's "Download quality": what "Make available offline" fetches from now on. */
export function DownloadQualitySelect() {
  const [quality, setQuality] = useState<DownloadQuality>(() => readDownloadQuality());
  const current = DOWNLOAD_QUALITIES.find((q) => q.quality === quality)!;
  const choose = (value: string) => {
    if (!isDownloadQuality(value)) return;
    setQuality(value);
    writeDownloadQuality(value);
  };
  return (
    <Select.Root value={quality} onValueChange={choose}>
      <Select.Trigger aria-label="Download quality" className="flex min-w-48 items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
        <Select.Value>{current.label}</Select.Value>
        <Select.Icon>
          <ChevronDown className="size-4" aria-hidden />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content position="popper" sideOffset={4} className="z-50 min-w-64 rounded-lg border border-line bg-panel p-1 shadow-xl">
          <Select.Viewport>
            {DOWNLOAD_QUALITIES.map((q) => (
              <Select.Item key={q.quality} value={q.quality} className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised">
                <span>
                  <Select.ItemText>{q.label}</Select.ItemText>
                  <span className="block text-xs text-muted">{q.hint}</span>
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
