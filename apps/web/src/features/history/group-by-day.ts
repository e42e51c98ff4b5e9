import type { HistoryEntry } from './history-api.js';

export interface HistoryDay<T> {
  /** 'Today', 'Yesterday', or the date in the listener's locale. */
  label: string;
  entries: T[];
}

const DAY_MS = 86_400_000;
const startOfDay = (ms: number) => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

/**
 * Plays grouped by the local day they counted on, newest day first, in the
 * order given within a day (newest first when given so).
 */
export function groupByDay<T extends Pick<HistoryEntry, 'playedAt'>>(entries: readonly T[], nowMs: number, locale?: string): HistoryDay<T>[] {
  const today = startOfDay(nowMs);
  const days = new Map<number, T[]>();
  for (const e of entries) {
    const at = Date.parse(e.playedAt);
    if (!Number.isFinite(at)) continue;
    const day = startOfDay(at);
    const list = days.get(day) ?? [];
    list.push(e);
    days.set(day, list);
  }
  return [...days.entries()]
    .sort(([a], [b]) => b - a)
    .map(([day, list]) => ({
      label:
        day === today
          ? 'Today'
          : Math.round((today - day) / DAY_MS) === 1
            ? 'Yesterday'
            : new Date(day).toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      entries: list,
    }));
}

/** The most played songs in the given plays: ids by count, ties by the most recent play. */
export function mostPlayed(entries: readonly HistoryEntry[], limit = 10): string[] {
  const counts = new Map<string, { n: number; last: number }>();
  for (const e of entries) {
    const at = Date.parse(e.playedAt) || 0;
    const c = counts.get(e.songId) ?? { n: 0, last: 0 };
    counts.set(e.songId, { n: c.n + 1, last: Math.max(c.last, at) });
  }
  return [...counts.entries()]
    .sort(([, a], [, b]) => b.n - a.n || b.last - a.last)
    .slice(0, limit)
    .map(([id]) => id);
}
