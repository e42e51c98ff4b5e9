import type { SelectOption } from '../lib/select-options.js';

/** The `<option>`s of a native select, one a choice. */
export function SelectOptions({ options }: { options: readonly SelectOption<string | number>[] }) {
  return (
    <>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
