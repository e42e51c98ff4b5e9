// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { parseClientConfig } from '../../shared/lib/client-config.js';
import { renderApp } from '../../test/render.js';
import { setAccountApiForTests } from './account-api.js';
import { createFakeAccount, type FakeAccount } from './account-fake.js';
import { JoinScreen } from './join-screen.js';
import { useSessionStore } from './session-store.js';

let backend: FakeBackend;
let account: FakeAccount;
beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ user: null, checked: true });
  backend = createFakeBackend();
  setBackendForTests(backend);
  account = createFakeAccount();
  setAccountApiForTests(account);
});
afterEach(() => {
  cleanup();
  setBackendForTests(null);
  setAccountApiForTests(null);
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

  it('with Google configured, carries the invitation to Google and back, and shows its refusal on return', async () => {
    const config = parseClientConfig({ access: 'private', signUps: 'invite', signIn: { google: true } });
    renderApp(<JoinScreen />, { path: '/join', at: '/join?invitation=abc123', config });
    // The provider's button is on the page: the dialog waits to be asked for.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(backend.oauth).toHaveLength(1));
    const join = `${window.location.origin}/join?invitation=abc123`;
    expect(backend.oauth[0]).toEqual({ provider: 'google', success: `${window.location.origin}/callback`, failure: join, invitation: 'abc123' });
    cleanup();

    const error = JSON.stringify({ message: "This invitation has already been used. Ask the server's owner for a new one.", type: 'user_invitation_used', code: 410 });
    renderApp(<JoinScreen />, { path: '/join', at: `/join?invitation=abc123&error=${encodeURIComponent(error)}`, config });
    expect(screen.getByRole('alert').textContent).toBe("This invitation has already been used. Ask the server's owner for a new one.");
  });

  it('mails a sign-in link that carries the invitation, for an account without a password', async () => {
    renderApp(<JoinScreen />, { path: '/join', at: '/join?invitation=abc123', config: INVITE_ONLY });
    fireEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link instead' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ben@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    await waitFor(() => expect(account.calls).toHaveLength(1));
    expect(account.calls[0]).toEqual({ op: 'createMagicUrlToken', args: ['ben@example.com', `${window.location.origin}/callback`, 'abc123'] });
  });

  it('says a link without an invitation is not valid', () => {
    renderApp(<JoinScreen />, { path: '/join', at: '/join', config: INVITE_ONLY });
    expect(screen.getByRole('alert').textContent).toBe("This invitation link is not valid. Ask the server's owner for a new one.");
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });
});
