/**
 * A room's song changes without a gap (SPEC#rooms-start-join), pure. Each
 * song of the room starts where the last ends on the shared clock, so every
 * device knows the next one and when it starts before the change: it holds
 * the room's song and the one after it in its own queue, and its player
 * prepares that one ahead and starts it on the audio clock where the current
 * one ends, as it does outside a room (player-core's gapless.ts). Around the
 * change a device is a few milliseconds on either side of it: it waits for
 * its own hand-over instead of loading the song anew. A skip or a queue
 * change before the end changes the song that follows, and the prepared one
 * is dropped.
 */
import { target, type RoomEntry, type RoomTimeline } from './sync-rules.js';

/**
 * Within this of a change, a device still on the song before it (or already
 * on the next) waits for its hand-over. The room moves on by the catalogue's
 * lengths, in whole seconds, so a song's audio may end up to half a second
 * before or after the room's change: every device hands over where the audio
 * ends, together, and the sync then brings them to the room's position.
 */
export const HANDOVER_GRACE_MS = 700;

/**
 * This long before a change the rate goes back to normal: the player puts the
 * next song on its audio clock from the current one's position read as if it
 * played at the normal rate (player-core's gapless SCHEDULE_LEAD_S is 1.5 s).
 */
export const STEADY_BEFORE_CHANGE_MS = 2_500;

export interface NextUp {
  entry: RoomEntry;
  /** When it starts on the shared clock: where the room's song ends. */
  startsAt: number;
}

const indexOf = (room: RoomTimeline, entryId: string) => room.queue.findIndex((e) => e.$id === entryId);

/** The song that follows the one playing at `serverNow`, and when it starts; null when none follows or the room is paused. */
export function upNext(room: RoomTimeline, serverNow: number): NextUp | null {
  const t = target(room, serverNow);
  if (!t?.playing) return null;
  const entry = room.queue[indexOf(room, t.entry.$id) + 1];
  return entry ? { entry, startsAt: serverNow - t.positionMs + t.entry.durationMs } : null;
}

/** A song follows within STEADY_BEFORE_CHANGE_MS: this device plays at the normal rate until it has taken over. */
export function steadyForChange(room: RoomTimeline, serverNow: number): boolean {
  const next = upNext(room, serverNow);
  return next !== null && next.startsAt - serverNow <= STEADY_BEFORE_CHANGE_MS;
}

/**
 * The device plays the song before the room's, which the room's replaced less
 * than HANDOVER_GRACE_MS ago, or already the room's next with less than that
 * left of the room's song: its player is handing over on its audio clock, and
 * loading the song would break that.
 */
export function midHandover(room: RoomTimeline, serverNow: number, local: { songId: string | null; playing: boolean }): boolean {
  const t = target(room, serverNow);
  if (!t?.playing || !local.playing || local.songId === null || local.songId === t.entry.songId) return false;
  const i = indexOf(room, t.entry.$id);
  if (t.positionMs < HANDOVER_GRACE_MS && room.queue[i - 1]?.songId === local.songId) return true;
  return t.entry.durationMs - t.positionMs < HANDOVER_GRACE_MS && room.queue[i + 1]?.songId === local.songId;
}

/**
 * What this device's queue should hold once it plays the room's song: that
 * song and the one after it (none when nothing follows), so its player
 * prepares the next ahead. `null`: it holds them already.
 */
export function queueChange(local: { ids: readonly string[]; currentIndex: number }, playingId: string, nextId: string | null): string[] | null {
  const want = nextId === null ? [playingId] : [playingId, nextId];
  const held = local.ids.slice(local.currentIndex, local.currentIndex + 2);
  const same = held[0] === playingId && (nextId === null ? held.length === 1 : held[1] === nextId);
  return same ? null : want;
}
