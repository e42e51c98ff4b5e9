/** Durations and order for a collection page's header and its Play / Shuffle buttons. */

/** "48 min", "1 hr 12 min", "45 sec" for the songs' summed lengths (unknown lengths count 0). */
export function totalDurationLabel(durationsS: readonly (number | null | undefined)[]): string {
  const total = Math.round(durationsS.reduce<number>((n, d) => n + (d && d > 0 ? d : 0), 0));
  if (total < 60) return `${total} sec`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}

/** "1 song" / "12 songs". */
export const songCountLabel = (n: number): string => `${n} ${n === 1 ? 'song' : 'songs'}`;

/** A shuffled copy (Fisher-Yates); `random` returns [0, 1) like Math.random. */
export function shuffled<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
