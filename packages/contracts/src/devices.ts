/**
 * Play on another device (backend-api.md §12): the shapes the server's `/v1/devices` API and
 * the web app's remote control both speak. Types only.
 */

/** What a device plays, as it reports it in `PUT /devices/{deviceId}`. */
export interface ReportedNowPlaying {
  songId: string;
  /** Where the current song is in its queue. */
  index: number;
  positionMs: number;
  durationMs: number;
  playing: boolean;
  /** 0 to 1. */
  volume: number;
}

/** What a device plays, as the API shows it: its position as of `at` (ISO, when the server heard it). */
export interface NowPlaying extends ReportedNowPlaying {
  at: string;
}

/** A device as the API shows it. */
export interface Device {
  $id: string;
  name: string;
  /** The session the app is signed in with (Profile names devices by it). */
  sessionId: string;
  lastSeen: string;
  nowPlaying: NowPlaying | null;
}

/** What the listener plays, wherever: the position is the one at `at`. */
export interface Playback {
  /** The device that plays it; null when none does (a Subsonic app saved it). */
  deviceId: string | null;
  songIds: string[];
  currentId: string | null;
  positionMs: number;
  playing: boolean;
  at: string;
}

/** A remote control's command to a device (`POST /devices/{deviceId}/commands`). */
export type DeviceCommand =
  | { command: 'play' | 'pause' | 'next' | 'previous' }
  | { command: 'seek'; positionMs: number }
  | { command: 'volume'; volume: number }
  | { command: 'enqueue'; songId: string }
  | { command: 'select'; index: number; songId: string };

export const DEVICE_COMMANDS = ['play', 'pause', 'next', 'previous', 'seek', 'volume', 'enqueue', 'select'] as const satisfies readonly DeviceCommand['command'][];
