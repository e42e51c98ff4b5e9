import { useId, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '../../shared/ui/spinner.js';

/** A Profile card with a heading, in the look of System Preferences. */
export function SettingsSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-2xl bg-panel p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      {children}
    </section>
  );
}

/** A card's data while it loads (a spinner) or when it could not load ("Couldn't load your {what}." and Try again). */
export function LoadState({ query, what }: { query: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> }; what: string }) {
  return (
    <>
      {query.isPending && <Spinner className="mt-4 size-5" label="Loading" />}
      {query.isError && (
        <p className="mt-4 text-sm">
          {`Couldn't load your ${what}.`}{' '}
          <button type="button" onClick={() => void query.refetch()} className="font-medium text-accent-text hover:underline">
            Try again
          </button>
        </p>
      )}
    </>
  );
}

/** A row whose button opens a form below it; the form gets `close` to fold itself away. */
export function Disclosure({ label, summary, children }: { label: string; summary: ReactNode; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="mt-4 border-t border-line pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">{summary}</div>
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((o) => !o)}
          className="rounded-full border border-line px-4 py-1.5 text-sm font-medium hover:bg-raised"
        >
          {open ? 'Cancel' : label}
        </button>
      </div>
      <div id={panel} hidden={!open} className="mt-3">
        {open && children(close)}
      </div>
    </div>
  );
}
