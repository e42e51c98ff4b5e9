import { answerField, backendApiUrl, sessionRequest } from '../../shared/lib/session-request.js';
import type { RoomEntry } from './sync-rules.js';

/** A room as the server sends it (backend-api.md §13). */
export interface Room {
  $id: string;
  link: string;
  hostName: string;
  ended: boolean;
  queue: (RoomEntry & { addedBy: { $id: string; name: string } })[];
  current: { entryId: string; startedAt: number | null; pausedMs: number | null } | null;
  members: { $id: string; name: string; host: boolean; anonymous: boolean }[];
  now: number;
  version: number;
}

export interface You {
  $id: string;
  name: string;
  host: boolean;
  anonymous: boolean;
  songsLeft: number | null;
  key?: string;
}

export class RoomRequestError extends Error {
  override name = 'RoomRequestError';
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export type RoomCommand = { command: 'play' | 'pause' | 'skip' } | { command: 'seek'; positionMs: number };

export interface RoomsApi {
  create(): Promise<{ room: Room; you: You }>;
  join(roomId: string, name?: string): Promise<{ room: Room; you: You }>;
  presence(roomId: string): Promise<{ room: Room; you: You }>;
  addSong(roomId: string, songId: string, durationMs: number): Promise<{ room: Room; you: You }>;
  removeSong(roomId: string, entryId: string): Promise<{ room: Room }>;
  command(roomId: string, command: RoomCommand): Promise<{ room: Room }>;
  end(roomId: string): Promise<void>;
  /** One reading of the server's clock: this device's clock around it (performance-based, ms since 1970). */
  clock(): Promise<{ t0: number; t1: number; received: number; sent: number }>;
}

/** An anonymous guest's membership key for a room, kept so a reload joins as the same guest. */
const KEY_PREFIX = 'lyra-room-key:';
export const roomKey = {
  get: (roomId: string) => globalThis.localStorage?.getItem(KEY_PREFIX + roomId) ?? null,
  set: (roomId: string, key: string) => globalThis.localStorage?.setItem(KEY_PREFIX + roomId, key),
  drop: (roomId: string) => globalThis.localStorage?.removeItem(KEY_PREFIX + roomId),
};

/** This device's clock, steadier than Date.now (no jumps when the system clock is set). */
export const localNow = (): number => performance.timeOrigin + performance.now();

/** The backend's rooms API (backend-api.md §13), as the session's cookie or an anonymous guest's key. */
export function roomsApi(backendEndpoint: string, projectId: string, fetcher: typeof fetch = (...a) => globalThis.fetch(...a)): RoomsApi {
  const base = backendApiUrl(backendEndpoint, '/rooms');
  const fail = (status: number, message: string, body: unknown) => new RoomRequestError(status, answerField(body, 'type') ?? '', message);
  function request<T>(method: string, path: string, roomId: string | null, body?: unknown): Promise<T> {
    const key = roomId ? roomKey.get(roomId) : null;
    const headers = { 'content-type': 'application/json', 'x-appwrite-project': projectId, ...(key ? { 'x-lyra-room-key': key } : {}) };
    return sessionRequest<T>(fetcher, base + path, { method, headers, body }, fail);
  }
  const id = encodeURIComponent;
  return {
    create: () => request('POST', '', null, {}),
    async join(roomId, name) {
      const answer = await request<{ room: Room; you: You }>('POST', `/${id(roomId)}/members`, roomId, name ? { name } : {});
      if (answer.you.key) roomKey.set(roomId, answer.you.key);
      return answer;
    },
    presence: (roomId) => request('POST', `/${id(roomId)}/presence`, roomId, {}),
    addSong: (roomId, songId, durationMs) => request('POST', `/${id(roomId)}/songs`, roomId, { songId, durationMs }),
    removeSong: (roomId, entryId) => request('DELETE', `/${id(roomId)}/songs/${id(entryId)}`, roomId, {}),
    command: (roomId, command) => request('POST', `/${id(roomId)}/commands`, roomId, command),
    end: (roomId) => request('DELETE', `/${id(roomId)}`, roomId, {}),
    async clock() {
      const t0 = localNow();
      const { now, sent } = await request<{ now: number; sent: number }>('GET', '/clock', null);
      return { t0, t1: localNow(), received: now, sent };
    },
  };
}
