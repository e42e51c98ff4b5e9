// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { setAccountApiForTests } from './account-api.js';
import { createFakeAccount, type FakeAccount } from './account-fake.js';
import { RecoveryScreen } from './recovery-screen.js';
import { VerifyScreen } from './verify-screen.js';

let account: FakeAccount;
beforeEach(() => {
  account = createFakeAccount();
  setAccountApiForTests(account);
});
afterEach(() => {
  cleanup();
  setAccountApiForTests(null);
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const later = new Date(Date.now() + 3600_000).toISOString();

describe('/recovery', () => {
  it('sets the new password typed twice, then says to sign in with it', async () => {
    renderApp(<RecoveryScreen />, { path: '/recovery', at: `/recovery?userId=u1&secret=good&expire=${encodeURIComponent(later)}` });
    type('New password', 'short');
    type('Repeat new password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert').textContent).toBe('Use at least 8 characters');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    type('New password', 'brand new pass');
    type('Repeat new password', 'brand new pass');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password is changed. Sign in with your new password.');
    expect(account.password).toBe('brand new pass');
    expect(account.calls[0]).toEqual({ op: 'updateRecovery', args: ['u1', 'good', 'brand new pass'] });
    fireEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await screen.findByRole('heading', { name: 'Profile page' });
  });

  it('a used or wrong link is refused with what to do', async () => {
    renderApp(<RecoveryScreen />, { path: '/recovery', at: '/recovery?userId=u1&secret=used' });
    type('New password', 'brand new pass');
    type('Repeat new password', 'brand new pass');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This link has expired or was already used. Ask for a new one with "Forgot password?" on the sign-in screen.'),
    );
  });

  it('an expired or incomplete link says so without a form', () => {
    renderApp(<RecoveryScreen />, { path: '/recovery', at: `/recovery?userId=u1&secret=good&expire=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}` });
    expect(screen.getByRole('alert').textContent).toBe('This link has expired. Ask for a new one with "Forgot password?" on the sign-in screen.');
    expect(screen.queryByLabelText('New password')).toBeNull();
    cleanup();
    renderApp(<RecoveryScreen />, { path: '/recovery', at: '/recovery?secret=good' });
    expect(screen.getByRole('alert').textContent).toBe('This link is incomplete. Ask for a new one with "Forgot password?" on the sign-in screen.');
    expect(account.calls).toEqual([]);
  });
});

describe('/verify', () => {
  it('confirms the email once and says so', async () => {
    renderApp(<VerifyScreen />, { path: '/verify', at: '/verify?userId=u1&secret=good' });
    expect(screen.getByRole('status').textContent).toBe('Verifying your email...');
    await screen.findByText('Your email is verified. Thank you!');
    expect(account.details.emailVerification).toBe(true);
    expect(account.calls).toEqual([{ op: 'updateVerification', args: ['u1', 'good'] }]);
  });

  it('a refused link says it expired or was used', async () => {
    renderApp(<VerifyScreen />, { path: '/verify', at: '/verify?userId=u1&secret=bad' });
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired or was already used. Send a new one from your profile.');
  });
});
