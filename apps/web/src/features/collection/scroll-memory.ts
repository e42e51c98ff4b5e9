import { readJson, session, writeJson, type StorageLike } from '../../shared/lib/storage.js';

/**
 * Where a list screen was scrolled to, per address, for the tab's lifetime
 * (SPEC §2: the list screen restores its scroll position on return).
 */
const keyOf = (path: string) => `scroll:${path}`;

export function rememberScroll(path: string, y: number, storage: StorageLike | undefined = session()): void {
  writeJson(storage, keyOf(path), Math.max(0, Math.round(y)));
}

export function recalledScroll(path: string, storage: StorageLike | undefined = session()): number {
  const y = readJson<unknown>(storage, keyOf(path), 0);
  return typeof y === 'number' && Number.isFinite(y) && y > 0 ? y : 0;
}
