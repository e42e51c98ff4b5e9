import { useSessionStore } from '../features/auth/session-store.js';
import { setBackendForTests, type BackendUser } from '../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../shared/lib/backend-fake.js';

/**
 * A signed-in listener for a component test: empty localStorage, `user` in the
 * session store, and an in-memory backend that knows them. Undo with `signOutOfFakeBackend`.
 */
export function signInWithFakeBackend(user: BackendUser): FakeBackend {
  localStorage.clear();
  const fake = createFakeBackend({ user });
  setBackendForTests(fake);
  useSessionStore.setState({ user, checked: true });
  return fake;
}

export function signOutOfFakeBackend(): void {
  setBackendForTests(null);
}
