import { local, readJson } from './storage.js';

/**
 * The signed-in user as cached under localStorage `User` (SPEC#entities-local-storage-keys, SPEC#states-session). The
 * account feature writes it; the shell only reads the name for the top bar
 * and the Update modal, and treats anything unreadable as signed out.
 */
export interface StoredUser {
  $id: string;
  name: string;
  email?: string;
}

export function readStoredUser(): StoredUser | null {
  const u = readJson<unknown>(local(), 'User', null);
  if (!u || typeof u !== 'object') return null;
  const { $id, name, email } = u as Record<string, unknown>;
  if (typeof $id !== 'string' || !$id) return null;
  return { $id, name: typeof name === 'string' ? name : '', ...(typeof email === 'string' ? { email } : {}) };
}
