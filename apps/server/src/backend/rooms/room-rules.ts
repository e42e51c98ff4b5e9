/**
 * A listening room's timeline (backend-api.md §13), pure: which entry of the
 * queue plays at a time on the server's clock and where in it. The current
 * entry's position 0 is `startedAt`; while it plays, the next entry starts
 * where it ends, so every member works out the same song and position from
 * the same state. Paused, the position stays at `pausedMs`.
 */
export interface TimelineEntry {
  id: string;
  durationMs: number;
}

export interface Timeline {
  /** The queue, in order. */
  entries: readonly TimelineEntry[];
  currentId: string | null;
  /** Server clock (ms since 1970) at position 0 of the current entry; null when nothing plays. */
  startedAt: number | null;
  /** The position while paused; null while it plays. */
  pausedMs: number | null;
}

/** A room ends when its host has made no call for this long. */
export const HOST_GONE_MS = 10 * 60_000;

export const idle = (entries: readonly TimelineEntry[]): Timeline => ({ entries, currentId: null, startedAt: null, pausedMs: null });

const indexOf = (t: Timeline) => (t.currentId === null ? -1 : t.entries.findIndex((e) => e.id === t.currentId));

/** The timeline at `now`: past the entries that ended while it played (each following the last without a gap). */
export function settle(t: Timeline, now: number): Timeline {
  let i = indexOf(t);
  if (i < 0) return t.currentId === null ? t : idle(t.entries);
  if (t.pausedMs !== null || t.startedAt === null) return t;
  let startedAt = t.startedAt;
  while (now >= startedAt + t.entries[i]!.durationMs) {
    startedAt += t.entries[i]!.durationMs;
    i++;
    if (i >= t.entries.length) return idle(t.entries);
  }
  return { ...t, currentId: t.entries[i]!.id, startedAt };
}

/** What plays at `now` and where; null when nothing does. */
export function positionAt(t: Timeline, now: number): { entryId: string; positionMs: number; playing: boolean } | null {
  const s = settle(t, now);
  if (s.currentId === null) return null;
  if (s.pausedMs !== null) return { entryId: s.currentId, positionMs: s.pausedMs, playing: false };
  return { entryId: s.currentId, positionMs: Math.max(0, now - (s.startedAt ?? now)), playing: true };
}

/** Starts an entry from its start at `now`. */
const start = (t: Timeline, id: string | null, now: number): Timeline =>
  id === null ? idle(t.entries) : { entries: t.entries, currentId: id, startedAt: now, pausedMs: null };

/** A song added: it joins the end of the queue, and plays at once when nothing did. */
export function add(t: Timeline, entry: TimelineEntry, now: number): Timeline {
  const s = settle(t, now);
  const entries = [...s.entries, entry];
  if (s.currentId !== null) return { ...s, entries };
  // Nothing plays (a new room, or its queue played through): the new song plays now.
  return start({ ...s, entries }, entry.id, now);
}

/** The host's Skip: the next entry starts now (nothing plays after the last). */
export function skip(t: Timeline, now: number): Timeline {
  const s = settle(t, now);
  const i = indexOf(s);
  if (i < 0) return s;
  return start(s, s.entries[i + 1]?.id ?? null, now);
}

/** An entry removed; the current one removed is a skip. */
export function remove(t: Timeline, entryId: string, now: number): Timeline {
  const s = settle(t, now);
  const i = s.entries.findIndex((e) => e.id === entryId);
  if (i < 0) return s;
  const skipped = s.currentId === entryId ? skip(s, now) : s;
  return { ...skipped, entries: skipped.entries.filter((e) => e.id !== entryId) };
}

export function pause(t: Timeline, now: number): Timeline {
  const s = settle(t, now);
  if (s.currentId === null || s.pausedMs !== null) return s;
  return { ...s, pausedMs: Math.max(0, now - (s.startedAt ?? now)), startedAt: null };
}

export function play(t: Timeline, now: number): Timeline {
  const s = settle(t, now);
  if (s.currentId === null) {
    // Played through: the queue starts again from its first song.
    return s.entries.length > 0 ? start(s, s.entries[0]!.id, now) : s;
  }
  if (s.pausedMs === null) return s;
  return { ...s, startedAt: now - s.pausedMs, pausedMs: null };
}

/** The host's seek in the current entry (clamped to it). */
export function seek(t: Timeline, positionMs: number, now: number): Timeline {
  const s = settle(t, now);
  const i = indexOf(s);
  if (i < 0) return s;
  const p = Math.min(Math.max(0, positionMs), s.entries[i]!.durationMs);
  return s.pausedMs !== null ? { ...s, pausedMs: p } : { ...s, startedAt: now - p };
}

/** Whether a room whose host last called at `hostSeen` has ended by `now`. */
export const hostGone = (hostSeen: number, now: number) => now - hostSeen >= HOST_GONE_MS;
