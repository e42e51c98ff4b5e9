import { create } from 'zustand';
import { readStoredUser, type StoredUser } from '../../shared/lib/stored-user.js';

/**
 * Who is signed in, for every screen (SPEC#entities-user). Starts from the
 * cached `User`, so a returning listener sees their data at once; session.ts
 * confirms it with the backend when the cache is stale.
 */
interface SessionState {
  user: StoredUser | null;
  /** True once this page load has settled who is signed in. */
  checked: boolean;
  setUser(user: StoredUser | null): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  user: readStoredUser(),
  checked: false,
  setUser: (user) => set({ user, checked: true }),
}));

/**
 * Until this page load has checked the session, the cached `User` is the
 * answer, read afresh (another tab or a test may have just written it).
 */
export function useSessionUser(): StoredUser | null {
  const user = useSessionStore((s) => s.user);
  const checked = useSessionStore((s) => s.checked);
  return checked ? user : readStoredUser();
}

export function currentUser(): StoredUser | null {
  const { user, checked } = useSessionStore.getState();
  return checked ? user : readStoredUser();
}
