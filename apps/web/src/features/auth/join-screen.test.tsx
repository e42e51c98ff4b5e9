// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { parseClientConfig } from '../../shared/lib/client-config.js';
import { renderApp } from '../../test/render.js';
import { JoinScreen } from './join-screen.js';
import { useSessionStore } from './session-store.js';

let backend: FakeBackend;
beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ user: null, checked: true });
  backend = createFakeBackend();
  setBackendForTests(backend);
});
afterEach(() => {
  cleanup();
  setBackendForTests(null);
});

const INVITE_ONLY = parseClientConfig({ access: 'private', signUps: 'invite' });

describe('/join', () => {
  it('opens the sign-up with the invitation of the link, and goes Home once signed in', async () => {
    const { router } = renderApp(<JoinScreen />, { path: '/join', at: '/join?invitation=abc123', config: INVITE_ONLY, routes: [{ path: '/', element: <h1>Home</h1> }] });
    // The dialog opens over the page at once (the page behind it is hidden from assistive technology meanwhile).
    screen.getByRole('heading', { name: "You're invited to listen on this server", hidden: true });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ben' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ben@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('dialog').querySelector('button[type="submit"]')!);
    await screen.findByRole('heading', { name: 'Home' });
    expect(router.state.location.pathname).toBe('/');
    expect(backend.calls.find((c) => c.op === 'createAccount')).toEqual({ op: 'createAccount', args: ['ben@example.com', 'correct horse', 'Ben', 'abc123'] });
  });

  it('says a link without an invitation is not valid', () => {
    renderApp(<JoinScreen />, { path: '/join', at: '/join', config: INVITE_ONLY });
    expect(screen.getByRole('alert').textContent).toBe("This invitation link is not valid. Ask the server's owner for a new one.");
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });
});
