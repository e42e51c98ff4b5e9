import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

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
      <SettingsSelectTrigger label={label}>{current?.label}</SettingsSelectTrigger>
      <SettingsSelectMenu minWidth="min-w-64">
        {options.map((o) => (
          <SettingsSelectItem key={o.value} value={o.value}>
            <span>
              <Select.ItemText>{o.label}</Select.ItemText>
              <span className="block text-xs text-muted">{o.hint}</span>
            </span>
          </SettingsSelectItem>
        ))}
      </SettingsSelectMenu>
    </Select.Root>
  );
}

/*
 * The parts every settings dropdown shares (inside a Radix Select.Root), for one
 * that lays out its options differently from HintedSelect.
 */

/** The dropdown's button: the current choice (`children`) and a chevron; `label` is its accessible name. */
export function SettingsSelectTrigger({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Select.Trigger aria-label={label} className="flex min-w-48 items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
      <Select.Value>{children}</Select.Value>
      <Select.Icon>
        <ChevronDown className="size-4" aria-hidden />
      </Select.Icon>
    </Select.Trigger>
  );
}

/** The list of choices, opened below the button, at least `minWidth` wide. */
export function SettingsSelectMenu({ minWidth, children }: { minWidth: string; children: ReactNode }) {
  return (
    <Select.Portal>
      <Select.Content position="popper" sideOffset={4} className={`z-50 ${minWidth} rounded-lg border border-line bg-panel p-1 shadow-xl`}>
        <Select.Viewport>{children}</Select.Viewport>
      </Select.Content>
    </Select.Portal>
  );
}

/** One choice, ticked when it is the current one; other props (a tooltip trigger's) go to the Radix item. */
export function SettingsSelectItem({ children, ...item }: Omit<ComponentProps<typeof Select.Item>, 'className'>) {
  return (
    <Select.Item {...item} className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-raised">
      {children}
      <Select.ItemIndicator>
        <Check className="size-4" aria-hidden />
      </Select.ItemIndicator>
    </Select.Item>
  );
}
