import { readStoredUser, type StoredUser } from '../../shared/lib/stored-user.js';
import { local, readJson, writeJson } from '../../shared/lib/storage.js';

/** localStorage keys of the cached account (SPEC#entities-local-storage-keys). */
export const USER_KEY = 'User';
export const USER_EXPIRY_KEY = 'userExpiry';
/** SPEC#states-session: the user is cached for 3 days. */
export const USER_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The cached account and whether it can be trusted without asking the
 * backend (SPEC#states-session: checked when the expiry passed or nothing is stored).
 */
export function readCachedUser(nowMs: number): { user: StoredUser | null; fresh: boolean } {
  const user = readStoredUser();
  const expiry = readJson<unknown>(local(), USER_EXPIRY_KEY, null);
  return { user, fresh: user != null && typeof expiry === 'number' && nowMs < expiry };
}

export function cacheUser(user: StoredUser, nowMs: number): void {
  writeJson(local(), USER_KEY, { $id: user.$id, name: user.name, email: user.email ?? '' });
  writeJson(local(), USER_EXPIRY_KEY, nowMs + USER_TTL_MS);
}

export function clearCachedUser(): void {
  removeKeys([USER_KEY, USER_EXPIRY_KEY]);
}

export function removeKeys(keys: readonly string[], prefixes: readonly string[] = []): void {
  const storage = local();
  if (!storage) return;
  try {
    for (const k of keys) storage.removeItem(k);
    if (prefixes.length > 0 && typeof localStorage !== 'undefined') {
      const all = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
      for (const k of all) if (prefixes.some((p) => k.startsWith(p))) storage.removeItem(k);
    }
  } catch {
    // Unavailable storage holds nothing to clear.
  }
}
