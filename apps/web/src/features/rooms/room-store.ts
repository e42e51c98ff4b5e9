import { create } from 'zustand';
import type { Room, You } from './rooms-api.js';
import { NO_CLOCK, type SharedClock } from './shared-clock.js';

/** The listening room this app is in, as the room page and the player show it. */
export interface RoomState {
  roomId: string | null;
  room: Room | null;
  you: You | null;
  clock: SharedClock;
  /** The room ended ('host', 'host_left') or its link answers "ended". */
  ended: boolean;
  error: string | null;
}

export const NO_ROOM: RoomState = { roomId: null, room: null, you: null, clock: NO_CLOCK, ended: false, error: null };

export const useRoomStore = create<RoomState>()(() => NO_ROOM);

/** A newer state of the room replaces the one held (events and answers can cross). */
export function keepNewer(room: Room): void {
  const held = useRoomStore.getState().room;
  if (held && held.$id === room.$id && held.version > room.version) return;
  useRoomStore.setState({ room });
}
