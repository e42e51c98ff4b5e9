import type { ReactNode } from 'react';

/** The Admin page's cards and small buttons, in the look of the Profile's cards. */
export function Card({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = `admin-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-4 rounded-2xl bg-panel p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export const smallButton = 'rounded-full border border-line px-3 py-1 text-sm font-medium hover:bg-raised disabled:opacity-60';
export const dangerButton = 'rounded-full border border-red-400/60 px-3 py-1 text-sm font-medium text-red-300 hover:bg-red-500/10 disabled:opacity-60';

/** A label and its value, one row of a facts list. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line/60 py-1.5 text-sm last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium break-all">{children}</dd>
    </div>
  );
}

export function Badge({ children }: { children: ReactNode }) {
  return <span className="rounded-full bg-raised px-2 py-0.5 text-xs font-semibold">{children}</span>;
}
