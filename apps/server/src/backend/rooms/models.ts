import { settle, type Timeline } from './room-rules.js';
import type { EntryRow, MemberRow, RoomRow } from './rooms.store.js';

/** A song in a room's queue and who added it. */
export interface EntryModel {
  $id: string;
  songId: string;
  durationMs: number;
  addedBy: { $id: string; name: string };
}

export interface MemberModel {
  $id: string;
  name: string;
  host: boolean;
  anonymous: boolean;
}

/** A room as its members see it (backend-api.md §13). Times are the server's clock, in ms since 1970. */
export interface RoomModel {
  $id: string;
  /** Site-relative: the page guests open. */
  link: string;
  hostName: string;
  createdAt: string;
  ended: boolean;
  queue: EntryModel[];
  /** What plays: position 0 of the entry was at `startedAt`; `pausedMs` while paused. Null when nothing plays. */
  current: { entryId: string; startedAt: number | null; pausedMs: number | null } | null;
  members: MemberModel[];
  /** The server's clock when this was written. */
  now: number;
  /** Grows with each change: a client keeps the state with the highest. */
  version: number;
}

/** The caller's own membership; `key` only in the answer to joining as an anonymous guest. */
export interface YouModel extends MemberModel {
  /** Songs an anonymous guest may still add; null for signed-in members. */
  songsLeft: number | null;
  key?: string;
}

export const timelineOf = (room: RoomRow, entries: readonly EntryRow[]): Timeline => ({
  entries: entries.map((e) => ({ id: e.id, durationMs: e.durationMs })),
  currentId: room.currentId,
  startedAt: room.startedAt,
  pausedMs: room.pausedMs,
});

export const memberModel = (room: RoomRow, m: MemberRow): MemberModel => ({
  $id: m.id,
  name: m.name,
  host: m.userId !== null && m.userId === room.hostId,
  anonymous: m.userId === null,
});

export function roomModel(room: RoomRow, members: readonly MemberRow[], entries: readonly EntryRow[], now: number): RoomModel {
  const t = settle(timelineOf(room, entries), now);
  const host = members.find((m) => m.userId === room.hostId);
  return {
    $id: room.id,
    link: `/room/${room.id}`,
    hostName: host?.name ?? '',
    createdAt: room.createdAt.toISOString(),
    ended: room.endedAt !== null,
    queue: entries.map((e) => ({ $id: e.id, songId: e.songId, durationMs: e.durationMs, addedBy: { $id: e.addedBy, name: e.addedName } })),
    current: t.currentId === null ? null : { entryId: t.currentId, startedAt: t.startedAt, pausedMs: t.pausedMs },
    members: members.map((m) => memberModel(room, m)),
    now,
    version: room.version,
  };
}
