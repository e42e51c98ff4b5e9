/**
 * How a device in a listening room keeps with the others (SPEC#rooms-start-join,
 * SPEC#limits-rooms), pure. The room's state says which entry plays and when its position
 * 0 was on the server's clock; each song follows the last without a gap, so
 * every device works out the same song and position (`target`). A device
 * seeks there when it joins or is far off (a stall, a device that was
 * offline: it catches up alone), and corrects small drift by playing a
 * little faster or slower, so no one hears a jump.
 */
export interface RoomEntry {
  $id: string;
  songId: string;
  durationMs: number;
}

export interface RoomTimeline {
  queue: readonly RoomEntry[];
  current: { entryId: string; startedAt: number | null; pausedMs: number | null } | null;
}

export interface Target {
  entry: RoomEntry;
  positionMs: number;
  playing: boolean;
}

/** Off by more than this: seek. */
export const SEEK_OVER_MS = 200;
/** Within this: play at the normal rate. */
export const IN_SYNC_MS = 8;
/** The largest rate change, either way (±2 %): too small to hear. */
export const MAX_NUDGE = 0.02;
/** Drift is corrected over about this long. */
export const CORRECT_OVER_MS = 1_000;

/** What plays at `serverNow` and where: past the songs that ended meanwhile; null when nothing does. */
export function target(room: RoomTimeline, serverNow: number): Target | null {
  const c = room.current;
  if (!c) return null;
  let i = room.queue.findIndex((e) => e.$id === c.entryId);
  if (i < 0) return null;
  if (c.pausedMs !== null || c.startedAt === null) return { entry: room.queue[i]!, positionMs: c.pausedMs ?? 0, playing: false };
  let startedAt = c.startedAt;
  while (serverNow >= startedAt + room.queue[i]!.durationMs) {
    startedAt += room.queue[i]!.durationMs;
    i++;
    if (i >= room.queue.length) return null;
  }
  return { entry: room.queue[i]!, positionMs: Math.max(0, serverNow - startedAt), playing: true };
}

/** This device's player as the sync sees it. */
export interface LocalPlayback {
  songId: string | null;
  positionMs: number;
  playing: boolean;
  /** The song is loading or seeking: its position says nothing yet. */
  busy: boolean;
}

export type SyncAction =
  | { action: 'none'; rate: number }
  | { action: 'load'; songId: string; positionMs: number; playing: boolean }
  | { action: 'stop' }
  | { action: 'pause'; positionMs: number }
  | { action: 'seek'; positionMs: number; rate: number }
  | { action: 'rate'; rate: number };

/**
 * What this device does now to play `t`. `leadMs` is how long a seek or a
 * load takes to be heard here (measured), so the position asked for is where
 * the room will be by then.
 */
export function syncStep(t: Target | null, local: LocalPlayback, leadMs = 0): SyncAction {
  if (!t) return local.songId !== null && local.playing ? { action: 'stop' } : { action: 'none', rate: 1 };
  if (local.songId !== t.entry.songId) return { action: 'load', songId: t.entry.songId, positionMs: t.positionMs + (t.playing ? leadMs : 0), playing: t.playing };
  if (!t.playing) return local.playing || Math.abs(local.positionMs - t.positionMs) > SEEK_OVER_MS ? { action: 'pause', positionMs: t.positionMs } : { action: 'none', rate: 1 };
  if (local.busy) return { action: 'none', rate: 1 };
  const error = local.positionMs - t.positionMs;
  if (!local.playing || Math.abs(error) > SEEK_OVER_MS) return { action: 'seek', positionMs: t.positionMs + leadMs, rate: 1 };
  return { action: 'rate', rate: rateFor(error) };
}

/** Ahead (error > 0): a little slower; behind: a little faster; within IN_SYNC_MS: normal. */
export function rateFor(errorMs: number): number {
  if (Math.abs(errorMs) <= IN_SYNC_MS) return 1;
  const nudge = Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, -errorMs / CORRECT_OVER_MS));
  return Math.round((1 + nudge) * 10_000) / 10_000;
}

/** The next lead: how late the last seek was heard, smoothed, within 0 to 1 s. */
export function nextLead(leadMs: number, lateMs: number): number {
  const l = Math.max(0, Math.min(1_000, leadMs + 0.5 * lateMs));
  return Math.round(l);
}
