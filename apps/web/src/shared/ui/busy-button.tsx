import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.js';

/**
 * A button whose action takes a while (send, deactivate, make a link): disabled and marked busy while
 * it runs, with a small spinner before its words (`spinnerLabel` announces it, else it is hidden).
 * A plain button unless `type` says otherwise.
 */
export function BusyButton({ busy, spinnerLabel, type = 'button', children, ...button }: { busy: boolean; spinnerLabel?: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button {...button} type={type} disabled={busy} aria-busy={busy}>
      {busy && <Spinner className="size-4" label={spinnerLabel} />}
      {children}
    </button>
  );
}
