import type { Device, Playback } from '@lyra/contracts/devices';
import type { DeviceRow } from './devices.store.js';
import { positionAt, type PlayState } from './play-states.js';

/** A device as the API shows it (backend-api.md §12; the shape is the contracts', shared with the web app). */
export type DeviceModel = Device;

/** What the listener plays, wherever: the position is the one at `at`. */
export type PlaybackModel = Playback;

export const deviceModel = (d: DeviceRow): DeviceModel => ({
  $id: d.id,
  name: d.name,
  sessionId: d.sessionId,
  lastSeen: d.lastSeen.toISOString(),
  nowPlaying: d.nowPlaying,
});

export const playbackModel = (s: PlayState, nowMs: number): PlaybackModel => ({
  deviceId: s.deviceId,
  songIds: s.songIds,
  currentId: s.currentId,
  positionMs: Math.round(positionAt(s, nowMs)),
  playing: s.playing,
  at: new Date(nowMs).toISOString(),
});
