import type { ReactNode } from 'react';

/**
 * A row's size is its own and nothing inside it moves anything outside: a row coming or going
 * while the list scrolls lays out only itself. (Not paint: focus rings and shadows may overhang.)
 */
export const ROW_CONTAINMENT = 'size layout style';

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
      style={{ height, transform: `translateY(${start - offset}px)`, contain: ROW_CONTAINMENT }}
    >
      {children}
    </div>
  );
}

/**
 * Several rows of a virtualised list placed as one (`start`, less the list's offset in the page):
 * its rows (`ListItem`) follow each other inside it, so a block coming on screen moves one box.
 */
export function VirtualBlock({ start, offset, height, children }: { start: number; offset: number; height: number; children: ReactNode }) {
  return (
    <div className="absolute inset-x-0 top-0" style={{ height, transform: `translateY(${start - offset}px)`, contain: ROW_CONTAINMENT }}>
      {children}
    </div>
  );
}

/** One row inside a `VirtualBlock`, numbered for assistive technology within the whole list. */
export function ListItem({ height, index, total, children }: { height: number; index: number; total: number; children: ReactNode }) {
  return (
    <div role="listitem" aria-posinset={index + 1} aria-setsize={total} style={{ height, contain: ROW_CONTAINMENT }}>
      {children}
    </div>
  );
}
