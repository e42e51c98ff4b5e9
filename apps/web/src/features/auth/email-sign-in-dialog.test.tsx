// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { parseClientConfig } from '../../shared/lib/client-config.js';
import { renderApp } from '../../test/render.js';
import { setAccountApiForTests } from './account-api.js';
import { createFakeAccount, OTP, type FakeAccount } from './account-fake.js';
import { EmailSignInDialog } from './email-sign-in-dialog.js';
import { FACTORS_PENDING_KEY } from './session.js';
import { SignInButton } from './sign-in-button.js';
import { currentUser, useSessionStore } from './session-store.js';
import { isVisible } from '../../test/visible.js';

let backend: FakeBackend;
let account: FakeAccount;
const onOpenChange = vi.fn();
const ada = { $id: 'u1', name: 'Ada', email: 'ada@example.com' };
const moreFactors = () => new FakeBackendError('More factors are required to complete the sign in process.', 401, 'user_more_factors_required');

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ user: null, checked: true });
  backend = createFakeBackend();
  account = createFakeAccount();
  setBackendForTests(backend);
  setAccountApiForTests(account);
  onOpenChange.mockReset();
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  setBackendForTests(null);
  setAccountApiForTests(null);
  vi.unstubAllGlobals();
});

const open = () => renderApp(<EmailSignInDialog open onOpenChange={onOpenChange} />);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function signInAsMfaUser() {
  backend.user = ada;
  backend.failNext('getAccount', moreFactors());
  open();
  type('Email', 'ada@example.com');
  type('Password', 'password123');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-factor check' });
}

describe('sign-in with two-factor on', () => {
  it('asks for the authenticator code; a short or wrong code is refused, the right one signs in', async () => {
    await signInAsMfaUser();
    expect(currentUser()).toBeNull();
    type('Authentication code', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code from your authenticator app');
    expect(account.calls).toEqual([]);

    type('Authentication code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe("That code didn't work. Check it and try again."));
    expect(currentUser()).toBeNull();

    type('Authentication code', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(currentUser()).toEqual(ada);
    // One challenge, answered twice.
    expect(account.calls.map((c) => [c.op, ...c.args])).toEqual([
      ['createChallenge', 'totp'],
      ['completeChallenge', 'ch1', '000000'],
      ['completeChallenge', 'ch1', OTP],
    ]);
  });

  it('takes a recovery code instead', async () => {
    account.recoveryCodes = ['abcde12345'];
    await signInAsMfaUser();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    type('Recovery code', ' abcde12345 ');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(account.calls.map((c) => [c.op, ...c.args])).toEqual([
      ['createChallenge', 'recoveryCode'],
      ['completeChallenge', 'ch1', 'abcde12345'],
    ]);
  });

  it('makes a fresh challenge when the old one is gone', async () => {
    await signInAsMfaUser();
    account.failNext('completeChallenge', new FakeBackendError('Challenge not found.', 404, 'user_challenge_not_found'));
    type('Authentication code', OTP);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(account.calls.filter((c) => c.op === 'createChallenge')).toHaveLength(2);
  });
});

describe('a sign-in by link or provider that needs its code', () => {
  it('Profile asks for the code at once; cancelling ends the half-done session', async () => {
    sessionStorage.setItem(FACTORS_PENDING_KEY, '1');
    backend.user = ada;
    renderApp(<SignInButton />);
    await screen.findByRole('heading', { name: 'Two-factor check' });
    type('Authentication code', OTP);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentUser()).toEqual(ada));
    expect(sessionStorage.getItem(FACTORS_PENDING_KEY)).toBeNull();
    cleanup();

    sessionStorage.setItem(FACTORS_PENDING_KEY, '1');
    renderApp(<SignInButton />);
    await screen.findByRole('heading', { name: 'Two-factor check' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Two-factor check' })).toBeNull());
    await waitFor(() => expect(backend.calls.map((c) => c.op)).toContain('deleteCurrentSession'));
    expect(sessionStorage.getItem(FACTORS_PENDING_KEY)).toBeNull();
  });
});

describe('forgot password and sign-in links', () => {
  it('mails a reset link to /recovery, and reads the same whether or not the account exists', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(isVisible(screen.getByRole('heading', { name: 'Reset your password' }))).toBe(true);
    type('Email', ' ada@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const sent = 'If an account uses ada@example.com, a link to reset its password is on its way. Check your inbox.';
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(sent));
    expect(account.calls[0]).toEqual({ op: 'createRecovery', args: ['ada@example.com', `${window.location.origin}/recovery`] });

    account.failNext('createRecovery', new FakeBackendError('User with the requested ID could not be found.', 404, 'user_not_found'));
    type('Email', 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(sent.replace('ada@', 'nobody@')));

    account.failNext('createRecovery', new FakeBackendError('Too many requests', 429, 'general_rate_limit_exceeded'));
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests');

    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(isVisible(screen.getByRole('heading', { name: 'Sign in' }))).toBe(true);
  });

  it('mails a sign-in link that opens /callback', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('A sign-in link is on its way to ada@example.com. Open it on this device.'));
    expect(account.calls[0]).toEqual({ op: 'createMagicUrlToken', args: ['ada@example.com', `${window.location.origin}/callback`] });
  });
});

describe('sign-up offer', () => {
  it('offers "Create an account" only on a server that takes new accounts', () => {
    open();
    screen.getByRole('button', { name: 'Create an account' });
    cleanup();
    renderApp(<EmailSignInDialog open onOpenChange={onOpenChange} />, { config: parseClientConfig({ signUps: 'closed' }) });
    screen.getByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
  });
  it('offers it on an invite-only server only with an invitation in hand or while the server has no account', () => {
    const offered = (config: Record<string, unknown>, invitation?: string) => {
      cleanup();
      renderApp(<EmailSignInDialog open onOpenChange={onOpenChange} {...(invitation ? { invitation } : {})} />, { config: parseClientConfig(config) });
      screen.getByRole('button', { name: 'Sign in' });
      return screen.queryByRole('button', { name: 'Create an account' }) !== null;
    };
    expect(offered({ access: 'private', signUps: 'invite' })).toBe(false);
    expect(offered({ access: 'private', signUps: 'invite' }, 'secret')).toBe(true);
    expect(offered({ access: 'private', signUps: 'invite', firstAccount: true })).toBe(true);
    expect(offered({ signUps: 'closed', firstAccount: true }, 'secret')).toBe(false);
    // The offer leads to the sign-up form.
    offered({ signUps: 'invite', firstAccount: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    screen.getByRole('heading', { name: 'Create account' });
  });
});

describe('a server whose first account someone else made while this tab was open', () => {
  const FIRST = parseClientConfig({ access: 'private', signUps: 'invite', firstAccount: true });
  const NEEDS_INVITATION = 'Sign-ups on this server need an invitation. Ask its owner for an invitation link.';

  /** /config.json as the server answers now (`claimed.now`: its first account is made); what was asked. */
  function stubRules() {
    const state = { now: false, asked: [] as string[] };
    vi.stubGlobal('fetch', async (url: string) => {
      state.asked.push(url);
      return Response.json({ access: 'private', signUps: 'invite', ...(state.now ? {} : { firstAccount: true }) });
    });
    return state;
  }
  const openDialog = async (asked: string[], times: number) => {
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(asked).toHaveLength(times));
  };

  it('reads the rules again each time the dialog opens, and stops offering the sign-up once the account is made', async () => {
    const claimed = stubRules();
    renderApp(<SignInButton />, { config: FIRST });
    await openDialog(claimed.asked, 1);
    expect(claimed.asked).toEqual(['/config.json']);
    expect(isVisible(screen.getByRole('button', { name: 'Create an account' }))).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    claimed.now = true;
    await openDialog(claimed.asked, 2);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull());
    expect(isVisible(screen.getByRole('button', { name: 'Email me a sign-in link' }))).toBe(true);
  });

  it("after the server's refusal, shows the sign-in with its message; another refusal keeps the sign-up", async () => {
    const claimed = stubRules();
    renderApp(<SignInButton />, { config: FIRST });
    await openDialog(claimed.asked, 1);
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    type('Name', 'Ben');
    type('Email', 'ben@example.com');
    type('Password', 'password123');
    backend.failNext('createAccount', new FakeBackendError('A user with the same id, email, or phone already exists in this project.', 409, 'user_already_exists'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A user with the same id, email, or phone already exists in this project.');
    await waitFor(() => expect(claimed.asked).toHaveLength(2));
    expect(isVisible(screen.getByRole('heading', { name: 'Create account' }))).toBe(true);

    claimed.now = true;
    backend.failNext('createAccount', new FakeBackendError(NEEDS_INVITATION, 403, 'user_invitation_required'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(NEEDS_INVITATION);
    expect(claimed.asked).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
    expect(currentUser()).toBeNull();
  });

  it('keeps the offer when the rules cannot be read, and asks nothing when the server had an account already', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => (asked.push(url), new Response('unavailable', { status: 503 })));
    const first = renderApp(<SignInButton />, { config: FIRST });
    await openDialog(asked, 1);
    expect(isVisible(screen.getByRole('button', { name: 'Create an account' }))).toBe(true);
    first.unmount();

    renderApp(<SignInButton />, { config: parseClientConfig({ access: 'private', signUps: 'invite' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
    expect(asked).toHaveLength(1);
  });
});
