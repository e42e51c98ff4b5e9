import { missingParam } from '../http/errors.js';
import { invalidParam, type Params } from '../http/params.js';

/** Bounds of a room (backend-api.md §13). */
export const ROOM_LIMITS = {
  /** Songs in a room's queue, played ones included. */
  queue: 500,
  members: 50,
  /** Songs an anonymous guest may add to a room (signed-in members add up to the queue's bound). */
  anonymousSongs: 3,
  /** A song's length: past a day is no song's. */
  durationMs: 24 * 3600_000,
  nameChars: 64,
} as const;

export const ROOM_COMMANDS = ['play', 'pause', 'skip', 'seek'] as const;
export type RoomCommand = { command: 'play' | 'pause' | 'skip' } | { command: 'seek'; positionMs: number };

const SONG_ID = /^[A-Za-z0-9._-]{1,64}$/;
const ROOM_ID = /^[0-9a-f]{32}$/;
const MEMBER_ID = /^[0-9a-f]{16}$/;
/** Half of a UTF-16 pair without its other half: no text PostgreSQL can store. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function integer(v: unknown, name: string, min: number, max: number): number {
  if (v === undefined || v === null) throw missingParam(name);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw invalidParam(name, `Value must be a valid range between ${min} and ${max.toLocaleString('en-US')}`);
  }
  return v;
}

/** A room id as its link carries it: 32 hex digits. Anything else names no room. */
export const isRoomId = (v: string) => ROOM_ID.test(v);
export const isEntryId = (v: string) => MEMBER_ID.test(v);

/** POST /rooms/{roomId}/songs: `songId` and its `durationMs` (the room moves on by it). */
export function parseSong(body: Params): { songId: string; durationMs: number } {
  const v = body.songId;
  if (v === undefined || v === null) throw missingParam('songId');
  if (typeof v !== 'string' || !SONG_ID.test(v)) throw invalidParam('songId', 'Value must be a song id of 1 to 64 letters, digits, periods, hyphens or underscores.');
  return { songId: v, durationMs: integer(body.durationMs, 'durationMs', 1, ROOM_LIMITS.durationMs) };
}

/** POST /rooms/{roomId}/commands: the host's play, pause, skip and seek. */
export function parseCommand(body: Params): RoomCommand {
  const name = body.command;
  if (name === undefined || name === null) throw missingParam('command');
  if (typeof name !== 'string' || !(ROOM_COMMANDS as readonly string[]).includes(name)) {
    throw invalidParam('command', `Value must be one of (${ROOM_COMMANDS.join(', ')})`);
  }
  if (name === 'seek') return { command: 'seek', positionMs: integer(body.positionMs, 'positionMs', 0, ROOM_LIMITS.durationMs) };
  return { command: name as 'play' | 'pause' | 'skip' };
}

/** A guest's name in the room (optional): 1 to 64 characters after trimming. */
export function parseGuestName(body: Params): string | null {
  const v = body.name;
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw invalidParam('name', 'Value must be a valid string.');
  const name = v.trim().replace(/\s+/g, ' ');
  if (name.length < 1 || name.length > ROOM_LIMITS.nameChars || /\p{Cc}/u.test(name) || LONE_SURROGATE.test(name)) {
    throw invalidParam('name', `Value must be a valid string and at least 1 chars and no longer than ${ROOM_LIMITS.nameChars} chars`);
  }
  return name;
}

/** `X-Lyra-Room-Key: <memberId>.<secret>`: an anonymous guest's proof of membership, from joining. */
export function parseMemberKey(header: string | undefined): { memberId: string; secret: string } | null {
  const m = /^([0-9a-f]{16})\.([0-9a-f]{64})$/.exec(header ?? '');
  return m ? { memberId: m[1]!, secret: m[2]! } : null;
}
