import type { LibraryAccess } from './admin-api.js';

/**
 * The accounts a library is open to after one tick (null: everyone). Unticking Everyone keeps nobody but
 * administrators; ticking it opens the library to all again. Ticking or unticking an account adds or
 * removes it alone.
 */
export function nextAccess(library: LibraryAccess, change: { everyone: boolean } | { userId: string; granted: boolean }): string[] | null {
  if ('everyone' in change) return change.everyone ? null : [];
  const others = library.userIds.filter((id) => id !== change.userId);
  return change.granted ? [...others, change.userId] : others;
}
