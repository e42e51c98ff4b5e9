import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';

export interface HintedOption<V extends string> {
  value: V;
  label: string;
  /** One line under the label saying what the choice does. */
  hint: string;
}

/** A settings dropdown (Profile): the current choice on the button, each option with a line of explanation. */
export function HintedSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** The button's accessible name, e.g. 'Volume normalisation'. */
  label: string;
  value: V;
  options: readonly HintedOption<V>[];
  onChange: (value: V) => void;
}) {
  const current = options.find((o) => o.value === value);
  const choose = (v: string) => {
    const option = options.find((o) => o.value === v);
    if (option && option.value !== value) onChange(option.value);
  };
  return (
    <Select.Root value={value} onValueChange={choose}>
      <Select.Trigger aria-label={label} className="flex min-w-48 items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
        <Select.Value>{current?.label}</Select.Value>
        <Select.Icon>
          <ChevronDown className="size-4" aria-hidden />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content position="popper" sideOffset={4} className="z-50 min-w-64 rounded-lg border border-line bg-panel p-1 shadow-xl">
          <Select.Viewport>
            {options.map((o) => (
              <Select.Item key={o.value} value={o.value} className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised">
                <span>
                  <Select.ItemText>{o.label}</Select.ItemText>
                  <span className="block text-xs text-muted">{o.hint}</span>
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
