import type { ReactNode } from 'react';
import { useReveal } from './use-reveal.js';

/**
 * One Home row: a heading (named for the row's landmark) and its content.
 * With `deferred`, the content renders when the row nears the screen or the
 * page is idle; until then a frame of `placeholderPx` keeps the layout still.
 */
export function HomeSection({
  id,
  title,
  action,
  children,
  deferred = false,
  placeholderPx = 200,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  deferred?: boolean;
  placeholderPx?: number;
}) {
  const [ref, revealed] = useReveal<HTMLElement>();
  const show = !deferred || revealed;
  return (
    <section ref={ref} aria-labelledby={`home-${id}`} aria-busy={show ? undefined : true} className="mb-6" data-row={id}>
      <div className="flex items-center justify-between px-2 pb-2">
        <h2 id={`home-${id}`} className="text-lg font-semibold">
          {title}
        </h2>
        {show ? action : null}
      </div>
      {show ? children : <div style={{ height: placeholderPx }} />}
    </section>
  );
}

/**
 * A horizontally scrolling list of cards. Its snap points keep the padding (scroll-px-2), so a
 * row wider than the screen starts lined up with its heading instead of snapped 8 px left of it.
 */
export function HorizontalList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="flex snap-x scroll-px-2 gap-3 overflow-x-auto px-2 pb-2 [scrollbar-width:none]">
      {children}
    </ul>
  );
}
