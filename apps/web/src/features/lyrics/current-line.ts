/** A line of lyrics; `startMs` only on synced lyrics. */
export interface LyricLine {
  startMs?: number;
  text: string;
}

/** The line being sung at `positionMs`: the last one started; -1 before the first. */
export function currentLineIndex(lines: readonly LyricLine[], positionMs: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid]!.startMs ?? Number.POSITIVE_INFINITY) <= positionMs) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
