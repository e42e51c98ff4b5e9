import type { NowPlaying } from './device-input.js';
import type { DeviceRow } from './devices.store.js';
import { positionAt, type PlayState } from './play-states.js';

/** A device as the API shows it (backend-api.md §12). */
export interface DeviceModel {
  $id: string;
  name: string;
  /** The session the app is signed in with (Profile names devices by it). */
  sessionId: string;
  lastSeen: string;
  /** What it plays, its position as of `at`. */
  nowPlaying: (NowPlaying & { at: string }) | null;
}

/** What the listener plays, wherever: the position is the one at `at`. */
export interface PlaybackModel {
  /** The device that plays it; null when none does (a Subsonic app saved it). */
  deviceId: string | null;
  songIds: string[];
  currentId: string | null;
  positionMs: number;
  playing: boolean;
  at: string;
}

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
