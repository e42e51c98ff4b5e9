/** Layout helpers shared by Home's rows: pages, groups and "more when the end shows". */

/** Splits `items` into consecutive groups of `size` (the last may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * How many items a growing row shows after its end came into view: `step`
 * more, never past `max` or what there is (SPEC#home-recent-plays, and playlist rows: SPEC#home-top-bottom-shown).
 */
export function revealMore(shown: number, available: number, step: number, max = Infinity): number {
  return Math.max(0, Math.min(shown + step, available, max));
}

/** The count a growing row starts with. */
export const firstReveal = (available: number, first: number, max = Infinity): number => Math.max(0, Math.min(first, available, max));
