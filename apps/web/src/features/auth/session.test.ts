// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBackend, FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { checkSession, completeOAuth, FACTORS_PENDING_KEY, signInWithEmail, signOut } from './session.js';
import { currentUser, useSessionStore } from './session-store.js';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const ada = { $id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' };
let fake: FakeBackend;

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ user: null, checked: false });
  fake = createFakeBackend();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

describe('session (SPEC#states-session)', () => {
  it('uses the cached user while its 3-day expiry holds, without asking the backend', async () => {
    localStorage.setItem('User', JSON.stringify(ada));
    localStorage.setItem('userExpiry', String(NOW + 1000));
    const load = vi.fn(async () => fake);
    expect(await checkSession(load, NOW)).toEqual(ada);
    expect(load).not.toHaveBeenCalled();
    expect(currentUser()).toEqual(ada);
  });

  it('asks the backend when the expiry passed, and caches the account for 3 days', async () => {
    localStorage.setItem('User', JSON.stringify(ada));
    localStorage.setItem('userExpiry', String(NOW));
    fake.user = { ...ada, name: 'Ada K.' };
    expect(await checkSession(async () => fake, NOW)).toEqual({ ...ada, name: 'Ada K.' });
    expect(fake.calls.map((c) => c.op)).toEqual(['getAccount']);
    expect(stored('User')).toEqual({ ...ada, name: 'Ada K.' });
    // Three days.
    expect(stored('userExpiry')).toBe(NOW + 3 * 24 * 3600 * 1000);
  });

  it('asks the backend when no user is cached but the SDK holds a session; none leaves the user unset', async () => {
    localStorage.setItem('cookieFallback', JSON.stringify({ a_session_lyra: 'blob' }));
    expect(await checkSession(async () => fake, NOW)).toBeNull();
    expect(fake.calls.map((c) => c.op)).toEqual(['getAccount']);
    expect(useSessionStore.getState()).toMatchObject({ user: null, checked: true });
    expect(localStorage.getItem('User')).toBeNull();
    fake.user = ada;
    expect(await checkSession(async () => fake, NOW)).toEqual(ada);
    expect(stored('User')).toEqual(ada);
  });

  it('a device that never signed in (nothing cached, no SDK session) is a guest without asking the backend', async () => {
    for (const fallback of [null, '[]', '{}', JSON.stringify({ a_session_lyra: '' }), 'not json']) {
      localStorage.clear();
      if (fallback != null) localStorage.setItem('cookieFallback', fallback);
      const load = vi.fn(async () => fake);
      expect(await checkSession(load, NOW), String(fallback)).toBeNull();
      expect(load, String(fallback)).not.toHaveBeenCalled();
      expect(useSessionStore.getState()).toMatchObject({ user: null, checked: true });
    }
  });

  it('a 401 on an expired cache forgets the user and their cached data', async () => {
    localStorage.setItem('User', JSON.stringify(ada));
    localStorage.setItem('userExpiry', String(NOW - 1));
    localStorage.setItem('favorites', '["s1"]');
    localStorage.setItem('playlist:p1', '["s1"]');
    localStorage.setItem('audioQuality', '"96kbps"');
    expect(await checkSession(async () => fake, NOW)).toBeNull();
    expect(localStorage.getItem('User')).toBeNull();
    expect(localStorage.getItem('userExpiry')).toBeNull();
    expect(localStorage.getItem('favorites')).toBeNull();
    expect(localStorage.getItem('playlist:p1')).toBeNull();
    expect(localStorage.getItem('audioQuality')).toBe('"96kbps"');
  });

  it('no answer from the backend leaves the user unset but keeps the cache to check next time', async () => {
    localStorage.setItem('User', JSON.stringify(ada));
    localStorage.setItem('userExpiry', String(NOW - 1));
    fake.failNext('getAccount', new TypeError('Failed to fetch'));
    expect(await checkSession(async () => fake, NOW)).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    expect(stored('User')).toEqual(ada);
  });

  it('the OAuth callback creates the session from userId and secret, then fetches the account', async () => {
    const user = await completeOAuth(fake, 'u9', 'secret9');
    expect(fake.calls.map((c) => c.op)).toEqual(['createSession', 'getAccount']);
    expect(fake.calls[0]!.args).toEqual(['u9', 'secret9']);
    expect(user.$id).toBe('u9');
    expect(currentUser()?.$id).toBe('u9');
    expect(stored('User')).toMatchObject({ $id: 'u9' });
  });

  it('a callback sign-in that still needs its two-factor code fails, and leaves word for Profile to ask for it', async () => {
    sessionStorage.clear();
    fake.failNext('getAccount', new FakeBackendError('More factors are required to complete the sign in process.', 401, 'user_more_factors_required'));
    await expect(completeOAuth(fake, 'u9', 'secret9')).rejects.toThrow('More factors are required');
    expect(sessionStorage.getItem(FACTORS_PENDING_KEY)).toBe('1');
    expect(currentUser()).toBeNull();
    sessionStorage.clear();
    fake.failNext('getAccount', new FakeBackendError('Invalid token passed in the request.', 401, 'user_invalid_token'));
    await expect(completeOAuth(fake, 'u9', 'secret9')).rejects.toThrow();
    expect(sessionStorage.getItem(FACTORS_PENDING_KEY)).toBeNull();
  });

  it("another account signing in on this device does not see the previous one's cached data", async () => {
    localStorage.setItem('User', JSON.stringify(ada));
    localStorage.setItem('userExpiry', String(Date.now() + 1000));
    localStorage.setItem('favorites', '["s1"]');
    localStorage.setItem('PlaylistMetadata', '[]');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['backend', 'favorites', 'u1'], ['s1']);
    await completeOAuth(fake, 'u2', 's', queryClient);
    expect(localStorage.getItem('favorites')).toBeNull();
    expect(localStorage.getItem('PlaylistMetadata')).toBeNull();
    expect(queryClient.getQueryData(['backend', 'favorites', 'u1'])).toBeUndefined();
  });

  it('email sign-up creates the account, then a session (DESIGN §6)', async () => {
    const user = await signInWithEmail(fake, { email: 'grace@example.com', password: 'password123', name: 'Grace', signUp: true });
    expect(fake.calls.map((c) => c.op)).toEqual(['createAccount', 'createEmailSession', 'getAccount']);
    expect(fake.calls[0]!.args).toEqual(['grace@example.com', 'password123', 'Grace']);
    expect(user.email).toBe('grace@example.com');
  });

  it('email sign-in with a wrong password throws the backend refusal and signs nobody in', async () => {
    fake.failNext('createEmailSession', new FakeBackendError('Invalid credentials. Please check the email and password.', 401));
    await expect(signInWithEmail(fake, { email: 'a@b.c', password: 'wrongpass', signUp: false })).rejects.toThrow('Invalid credentials');
    expect(currentUser()).toBeNull();
  });

  it('sign-out deletes the current session and removes User and userExpiry, even when the call fails', async () => {
    for (const fails of [false, true]) {
      localStorage.setItem('User', JSON.stringify(ada));
      localStorage.setItem('userExpiry', String(NOW + 1));
      useSessionStore.getState().setUser(ada);
      if (fails) fake.failNext('deleteCurrentSession', new TypeError('Failed to fetch'));
      await signOut(fake);
      expect(localStorage.getItem('User')).toBeNull();
      expect(localStorage.getItem('userExpiry')).toBeNull();
      expect(currentUser()).toBeNull();
    }
    expect(fake.calls.filter((c) => c.op === 'deleteCurrentSession')).toHaveLength(2);
  });
});
