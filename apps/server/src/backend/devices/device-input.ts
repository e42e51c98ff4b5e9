import { DEVICE_COMMANDS, type DeviceCommand, type ReportedNowPlaying } from '@lyra/contracts/devices';
import { checkId, invalidParam, isObject, type Params } from '../http/params.js';
import { missingParam } from '../http/errors.js';

/** Bounds of what a device reports and sends (backend-api.md §12). */
export const DEVICE_LIMITS = {
  /** Songs in a reported queue, as in a Subsonic app's savePlayQueue. */
  queue: 5000,
  /** Milliseconds: a position or a length past a day is no song's. */
  positionMs: 24 * 3600_000,
  nameChars: 64,
} as const;

/** What a device plays, as it reports it (the shape is the contracts' one, shared with the web app). */
export type NowPlaying = ReportedNowPlaying;
export type { DeviceCommand };

export interface DeviceReport {
  nowPlaying: NowPlaying | null;
  /** The device's queue, sent when it changed or when the device starts playing (null: unchanged). */
  queue: string[] | null;
}

export const COMMANDS = DEVICE_COMMANDS;
export type CommandName = (typeof COMMANDS)[number];

/** Half of a UTF-16 pair without its other half: no text PostgreSQL can store. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const SONG_ID = /^[A-Za-z0-9._-]{1,64}$/;

function songId(v: unknown, name: string): string {
  if (v === undefined || v === null) throw missingParam(name);
  if (typeof v !== 'string' || !SONG_ID.test(v)) throw invalidParam(name, 'Value must be a song id of 1 to 64 letters, digits, periods, hyphens or underscores.');
  return v;
}

function integer(v: unknown, name: string, max: number): number {
  if (v === undefined || v === null) throw missingParam(name);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) throw invalidParam(name, `Value must be a valid range between 0 and ${max.toLocaleString('en-US')}`);
  return v;
}

function fraction(v: unknown, name: string): number {
  if (v === undefined || v === null) throw missingParam(name);
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) throw invalidParam(name, 'Value must be a number between 0 and 1.');
  return v;
}

function boolean(v: unknown, name: string): boolean {
  if (v === undefined || v === null) throw missingParam(name);
  if (typeof v !== 'boolean') throw invalidParam(name, 'Value must be a valid boolean');
  return v;
}

/** A device id: chosen by the app (a UUID), Appwrite's id rule. */
export const deviceIdParam = (v: string): string => checkId('deviceId', v);

/** PUT /devices/{deviceId}'s body: `nowPlaying` (object or null) and `queue` (song ids, optional). */
export function parseReport(body: Params): DeviceReport {
  const np = body.nowPlaying;
  let nowPlaying: NowPlaying | null = null;
  if (np !== undefined && np !== null) {
    if (!isObject(np)) throw invalidParam('nowPlaying', 'Value must be an object or null.');
    nowPlaying = {
      songId: songId(np.songId, 'nowPlaying.songId'),
      index: integer(np.index, 'nowPlaying.index', DEVICE_LIMITS.queue - 1),
      positionMs: integer(np.positionMs, 'nowPlaying.positionMs', DEVICE_LIMITS.positionMs),
      durationMs: integer(np.durationMs ?? 0, 'nowPlaying.durationMs', DEVICE_LIMITS.positionMs),
      playing: boolean(np.playing, 'nowPlaying.playing'),
      volume: fraction(np.volume ?? 1, 'nowPlaying.volume'),
    };
  }
  let queue: string[] | null = null;
  if (body.queue !== undefined && body.queue !== null) {
    if (!Array.isArray(body.queue)) throw invalidParam('queue', 'Value must be an array of song ids.');
    if (body.queue.length > DEVICE_LIMITS.queue) throw invalidParam('queue', `Value must hold at most ${DEVICE_LIMITS.queue} songs.`);
    queue = body.queue.map((id, i) => songId(id, `queue[${i}]`));
  }
  if (nowPlaying && queue && queue[nowPlaying.index] !== nowPlaying.songId) {
    throw invalidParam('nowPlaying.index', 'Value must be the place of nowPlaying.songId in queue.');
  }
  return { nowPlaying, queue };
}

/** POST /devices/{deviceId}/commands' body. */
export function parseCommand(body: Params): DeviceCommand {
  const name = body.command;
  if (name === undefined || name === null) throw missingParam('command');
  if (typeof name !== 'string' || !(COMMANDS as readonly string[]).includes(name)) {
    throw invalidParam('command', `Value must be one of (${COMMANDS.join(', ')})`);
  }
  const command = name as CommandName;
  switch (command) {
    case 'seek':
      return { command, positionMs: integer(body.positionMs, 'positionMs', DEVICE_LIMITS.positionMs) };
    case 'volume':
      return { command, volume: fraction(body.volume, 'volume') };
    case 'enqueue':
      return { command, songId: songId(body.songId, 'songId') };
    case 'select':
      return { command, index: integer(body.index, 'index', DEVICE_LIMITS.queue - 1), songId: songId(body.songId, 'songId') };
    default:
      return { command };
  }
}

/** PUT /devices/names/{sessionId}'s `name`: 1 to 64 characters after trimming. */
export function parseName(body: Params): string {
  const v = body.name;
  if (v === undefined || v === null) throw missingParam('name');
  if (typeof v !== 'string') throw invalidParam('name', 'Value must be a valid string.');
  const name = v.trim().replace(/\s+/g, ' ');
  if (name.length < 1 || name.length > DEVICE_LIMITS.nameChars || /\p{Cc}/u.test(name) || LONE_SURROGATE.test(name)) {
    throw invalidParam('name', `Value must be a valid string and at least 1 chars and no longer than ${DEVICE_LIMITS.nameChars} chars`);
  }
  return name;
}
