import { local, readJson, writeJson, type StorageLike } from '../../shared/lib/storage.js';

/**
 * Songs added to a playlist while the device could not reach the server:
 * kept on the device and sent when it is back online (the failed-favourites
 * retry of SPEC §4 is the model), so nothing the listener did offline is lost.
 */
export const PENDING_ADDS_KEY = 'pendingPlaylistAdds';

export interface PendingAdd {
  playlistId: string;
  songId: string;
}

const same = (a: PendingAdd, b: PendingAdd) => a.playlistId === b.playlistId && a.songId === b.songId;

export function readPendingAdds(storage: StorageLike | undefined = local()): PendingAdd[] {
  const raw = readJson<unknown>(storage, PENDING_ADDS_KEY, []);
  if (!Array.isArray(raw)) return [];
  return raw.filter((x): x is PendingAdd => typeof x?.playlistId === 'string' && typeof x?.songId === 'string');
}

/** Remembers an addition to send later (once, however often it was tapped). */
export function queueAdd(add: PendingAdd, storage: StorageLike | undefined = local()): void {
  const list = readPendingAdds(storage);
  if (!list.some((x) => same(x, add))) writeJson(storage, PENDING_ADDS_KEY, [...list, add]);
}

/** Forgets an addition once the server has it (or can never take it). */
export function dropAdd(add: PendingAdd, storage: StorageLike | undefined = local()): void {
  writeJson(storage, PENDING_ADDS_KEY, readPendingAdds(storage).filter((x) => !same(x, add)));
}
