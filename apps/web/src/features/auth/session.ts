import type { QueryClient } from '@tanstack/react-query';
import { describeFailure, type BackendApi, type BackendUser } from '../../shared/lib/backend.js';
import { local, readJson, readText, session, writeText, type StorageLike } from '../../shared/lib/storage.js';
import type { StoredUser } from '../../shared/lib/stored-user.js';
import { useSessionStore } from './session-store.js';
import { cacheUser, clearCachedUser, readCachedUser, removeKeys } from './user-cache.js';
import { BACKEND_KEY } from '../../shared/lib/query-client.js';

/**
 * The signed-in user's own data cached on this device (SPEC#entities-local-storage-keys). It is
 * dropped on sign-out and when another account signs in here, so one
 * person's favourites and playlists never show for another.
 */
const USER_DATA_KEYS = [
  'favorites',
  'expiryTime',
  'favoriteSongs',
  'FavoriteSongsDetails',
  'failedAddFavorites',
  'failedRemoveFavorites',
  'PlaylistMetadata',
  'PlaylistMetadataExpiryTime',
];
const USER_DATA_PREFIXES = ['playlist:'];

const toStored = (u: BackendUser): StoredUser => ({ $id: u.$id, name: u.name, email: u.email });

function adopt(user: StoredUser, nowMs: number, queryClient?: QueryClient): StoredUser {
  const before = readCachedUser(nowMs).user;
  if (before && before.$id !== user.$id) forgetUserData(queryClient);
  cacheUser(user, nowMs);
  useSessionStore.getState().setUser(user);
  return user;
}

function forgetUserData(queryClient?: QueryClient): void {
  removeKeys(USER_DATA_KEYS, USER_DATA_PREFIXES);
  queryClient?.removeQueries({ queryKey: BACKEND_KEY });
}

/**
 * Whether this device may hold a session: a cached user (even expired), or a
 * session the SDK keeps under localStorage `cookieFallback` (the backend sends
 * it with every new session, and `[]` on sign-out). With neither, the visitor
 * has never signed in here (or cleared the site's data), and asking the
 * backend would only earn a 401.
 */
export function mayHoldSession(storage: StorageLike | undefined = local()): boolean {
  if (readText(storage, 'User') != null) return true;
  const fallback = readJson<unknown>(storage, 'cookieFallback', null);
  return (
    fallback != null &&
    typeof fallback === 'object' &&
    Object.entries(fallback).some(([name, value]) => name.startsWith('a_session_') && typeof value === 'string' && value !== '')
  );
}

/**
 * SPEC#states-session: the cached user is used while its 3-day expiry holds;
 * otherwise the backend is asked, when this device may hold a session at all
 * (`mayHoldSession`). A failed fetch (signed out, or no answer) leaves the user
 * unset (SPEC#errors-user-fetch-failure).
 */
export async function checkSession(api: () => Promise<BackendApi>, nowMs = Date.now(), queryClient?: QueryClient): Promise<StoredUser | null> {
  const cached = readCachedUser(nowMs);
  if (cached.fresh && cached.user) {
    useSessionStore.getState().setUser(cached.user);
    return cached.user;
  }
  if (!mayHoldSession()) {
    useSessionStore.getState().setUser(null);
    return null;
  }
  try {
    return adopt(toStored(await (await api()).getAccount()), nowMs, queryClient);
  } catch (e) {
    const failure = describeFailure(e);
    console.info('No signed-in session:', failure.message);
    // 401: the session is gone, as after a sign-out. No answer: the user is
    // unset for now, and the cache stays to be checked again next time.
    if (failure.code === 401) {
      clearCachedUser();
      forgetUserData(queryClient);
    }
    useSessionStore.getState().setUser(null);
    return null;
  }
}

/** /callback: the OAuth token flow's userId and secret become a session, then the account is fetched. */
export async function completeOAuth(api: BackendApi, userId: string, secret: string, queryClient?: QueryClient): Promise<StoredUser> {
  await api.createSession(userId, secret);
  try {
    return await finishSignIn(api, queryClient);
  } catch (e) {
    // Two-factor on: the session waits for a code, which Profile then asks for (sign-in-button.tsx).
    if (describeFailure(e).type === 'user_more_factors_required') writeText(session(), FACTORS_PENDING_KEY, '1');
    throw e;
  }
}

/** sessionStorage: a sign-in by link or provider is waiting for its two-factor code. */
export const FACTORS_PENDING_KEY = 'factorsPending';

/** DESIGN §6: email and password when no OAuth provider is configured. */
export async function signInWithEmail(
  api: BackendApi,
  input: { email: string; password: string; name?: string; signUp: boolean; invitation?: string },
  queryClient?: QueryClient,
): Promise<StoredUser> {
  if (input.signUp) await api.createAccount(input.email, input.password, input.name?.trim() || input.email.split('@')[0]!, input.invitation);
  await api.createEmailSession(input.email, input.password);
  return finishSignIn(api, queryClient);
}

/**
 * The last step of every email sign-in (and of an email change): the account
 * is fetched and kept. With two-factor on it fails until a challenge is done
 * (`user_more_factors_required`, see failure-messages.ts).
 */
export async function finishSignIn(api: BackendApi, queryClient?: QueryClient): Promise<StoredUser> {
  return adopt(toStored(await api.getAccount()), Date.now(), queryClient);
}

/**
 * SPEC#states-session: sign-out deletes the current session, clears session and user
 * state and removes User and userExpiry. A failure is only logged (SPEC#errors-sign-in-failures-logged);
 * the device forgets the user either way.
 */
export async function signOut(api: BackendApi, queryClient?: QueryClient): Promise<void> {
  try {
    await api.deleteCurrentSession();
  } catch (e) {
    console.error('Sign-out failed:', describeFailure(e).message);
  }
  clearCachedUser();
  forgetUserData(queryClient);
  useSessionStore.getState().setUser(null);
}
