import type { ReactNode } from 'react';

/** One Home row: a heading (named for the row's landmark) and its content. */
export function HomeSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`home-${id}`} className="mb-6" data-row={id}>
      <div className="flex items-center justify-between px-2 pb-2">
        <h2 id={`home-${id}`} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A horizontally scrolling list of cards. */
export function HorizontalList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="flex snap-x gap-3 overflow-x-auto px-2 pb-2 [scrollbar-width:none]">
      {children}
    </ul>
  );
}
