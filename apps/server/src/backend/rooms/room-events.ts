import type { BackendEvent } from '../realtime/event-bus.js';
import type { RoomModel } from './models.js';

/**
 * A room's realtime events (backend-api.md §13) go on the channel
 * `rooms.<roomId>` to its members alone: the role `user:<id>` of each
 * signed-in member, and `guests` while anonymous guests are in it (a socket
 * without a session hears the room only when it knows the room's unguessable
 * id, that is, holds its link, which lets it join anyway).
 */
export const roomChannel = (roomId: string) => `rooms.${roomId}`;

export function membersRoles(members: readonly { userId: string | null }[]): string[] {
  const roles = new Set<string>();
  for (const m of members) roles.add(m.userId === null ? 'guests' : `user:${m.userId}`);
  return [...roles];
}

const stamp = (nowMs: number) => new Date(nowMs).toISOString().replace('Z', '+00:00');

/** The room changed: its whole state, to keep when its version is newer than the one held. */
export const roomUpdated = (room: RoomModel, roles: string[]): BackendEvent => ({
  events: [`rooms.${room.$id}.update`, 'rooms.*.update', `rooms.${room.$id}`, 'rooms.*'],
  channels: [roomChannel(room.$id)],
  roles,
  payload: { $id: room.$id, kind: 'room', room },
  timestamp: stamp(room.now),
});

/** The room ended: its members stop. */
export const roomEnded = (roomId: string, why: string, roles: string[], nowMs: number): BackendEvent => ({
  events: [`rooms.${roomId}.delete`, 'rooms.*.delete', `rooms.${roomId}`, 'rooms.*'],
  channels: [roomChannel(roomId)],
  roles,
  payload: { $id: roomId, kind: 'ended', why },
  timestamp: stamp(nowMs),
});

/** Whether `event` says a room ended (its guests' keys open nothing from then on). */
export const isRoomEnd = (event: BackendEvent): boolean =>
  (event.payload as { kind?: unknown } | null)?.kind === 'ended' && event.events[0]?.startsWith('rooms.') === true;
