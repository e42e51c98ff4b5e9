import type { ReactNode } from 'react';

/**
 * One row of a virtualised list, placed where the virtualiser puts it (`start`, less the list's
 * offset in the page) and numbered for assistive technology within the whole list.
 */
export function VirtualRow({ start, offset, height, index, total, children }: { start: number; offset: number; height: number; index: number; total: number; children: ReactNode }) {
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={total}
      className="absolute inset-x-0 top-0"
      style={{ height, transform: `translateY(${start - offset}px)` }}
    >
      {children}
    </div>
  );
}
