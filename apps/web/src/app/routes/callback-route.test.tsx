// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser, useSessionStore } from '../../features/auth/session-store.js';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { CallbackRoute } from './callback-route.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ user: null, checked: true });
  fake = createFakeBackend();
  setBackendForTests(fake);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  setBackendForTests(null);
  vi.restoreAllMocks();
});

const visit = (search: string) =>
  renderApp(<CallbackRoute />, { path: '/callback', at: `/callback${search}`, routes: [{ path: '/', element: <h1>Home page</h1> }] });

describe('/callback (SPEC#callback-shows-logging-userid)', () => {
  it("shows 'Logging in...', creates the session once and goes to /", async () => {
    const { router } = visit('?secret=abc&userId=u7');
    expect(isVisible(screen.getByText('Logging in...'))).toBe(true);
    expect(isVisible(await screen.findByRole('heading', { name: 'Home page' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/');
    expect(fake.calls.filter((c) => c.op === 'createSession').map((c) => c.args)).toEqual([['u7', 'abc']]);
    expect(currentUser()?.$id).toBe('u7');
    expect(JSON.parse(localStorage.getItem('User')!)).toMatchObject({ $id: 'u7' });
  });

  it.each([['?userId=u7'], ['?secret=abc'], [''], ['?error=%7B%22code%22%3A424%7D']])('without both parameters (%s) goes to /profile and calls nothing', async (search) => {
    const { router } = visit(search);
    expect(isVisible(await screen.findByRole('heading', { name: 'Profile page' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/profile');
    expect(fake.calls).toEqual([]);
  });

  it('a refused token goes to /profile and signs nobody in', async () => {
    fake.failNext('createSession', new FakeBackendError('Invalid token passed in the request.', 401, 'user_invalid_token'));
    const { router } = visit('?secret=stale&userId=u7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(currentUser()).toBeNull();
    expect(localStorage.getItem('User')).toBeNull();
  });
});
