// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { currentUser, useSessionStore } from '../auth/index.js';
import { setAccountApiForTests } from '../auth/ui.js';
import { createFakeAccount, OTP, type FakeAccount } from '../auth/testing.js';
import { AccountSettings } from './account-settings.js';

let backend: FakeBackend;
let account: FakeAccount;
const ada = { $id: 'u1', name: 'Ada', email: 'ada@example.com' };
const session = (id: string, current: boolean, clientName: string) => ({
  $id: id,
  $createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ip: '203.0.113.7',
  osName: 'Linux',
  osVersion: '',
  clientName,
  clientVersion: '131.0',
  deviceName: 'desktop',
  current,
});

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ user: ada, checked: true });
  backend = createFakeBackend({ user: ada });
  account = createFakeAccount();
  setBackendForTests(backend);
  setAccountApiForTests(account);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  setBackendForTests(null);
  setAccountApiForTests(null);
  vi.restoreAllMocks();
});

const show = async () => {
  renderApp(<AccountSettings />);
  return within(await screen.findByRole('region', { name: 'Sign-in and security' }));
};
const type = (scope: ReturnType<typeof within>, label: string, value: string) => fireEvent.change(scope.getByLabelText(label), { target: { value } });

describe('email', () => {
  it('shows whether it is verified and sends the verification link to /verify', async () => {
    const s = await show();
    await s.findByText('Not verified');
    fireEvent.click(s.getByRole('button', { name: 'Send verification link' }));
    await waitFor(() => expect(s.getByRole('status').textContent).toBe('We sent a link to ada@example.com. Open it to verify your email.'));
    expect(account.calls.at(-1)).toEqual({ op: 'createVerification', args: [`${window.location.origin}/verify`] });
  });

  it('a verified email says so, with no link to send', async () => {
    account.details.emailVerification = true;
    const s = await show();
    await s.findByText('Verified');
    expect(s.queryByRole('button', { name: 'Send verification link' })).toBeNull();
  });

  it('changes with the password; a wrong password is refused', async () => {
    const s = await show();
    fireEvent.click(await s.findByRole('button', { name: 'Change email' }));
    type(s, 'New email', 'ada@new.example');
    type(s, 'Current password', 'wrong');
    fireEvent.click(s.getByRole('button', { name: 'Save email' }));
    expect((await s.findByRole('alert')).textContent).toBe('Invalid credentials. Please check the email and password.');
    type(s, 'Current password', 'password123');
    backend.user = { ...ada, email: 'ada@new.example' };
    fireEvent.click(s.getByRole('button', { name: 'Save email' }));
    await screen.findByText('Your email is now ada@new.example');
    await s.findByText('ada@new.example');
    expect(currentUser()).toEqual({ ...ada, email: 'ada@new.example' });
  });
});

describe('password', () => {
  it('needs the current one and the new one twice', async () => {
    const s = await show();
    fireEvent.click(await s.findByRole('button', { name: 'Change password' }));
    type(s, 'Current password', 'password123');
    type(s, 'New password', 'new password');
    type(s, 'Repeat new password', 'new passw0rd');
    fireEvent.click(s.getByRole('button', { name: 'Save password' }));
    expect((await s.findByRole('alert')).textContent).toBe("The passwords don't match");
    expect(account.calls.filter((c) => c.op === 'updatePassword')).toEqual([]);
    type(s, 'Repeat new password', 'new password');
    fireEvent.click(s.getByRole('button', { name: 'Save password' }));
    await screen.findByText('Password changed');
    expect(account.password).toBe('new password');
    expect(s.getByRole('button', { name: 'Change password' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('two-factor', () => {
  it('turns on: QR code and key, a code to confirm, then the recovery codes once', async () => {
    const s = await show();
    await s.findByText('Two-factor is off');
    fireEvent.click(s.getByRole('button', { name: 'Turn on two-factor' }));
    expect((await s.findByLabelText('Set-up key')).textContent).toBe('JBSW Y3DP EHPK 3PXP');
    const qr = await s.findByRole('img', { name: 'QR code to add this account to an authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    type(s, '6-digit code from the app', '999999');
    fireEvent.click(s.getByRole('button', { name: 'Turn on' }));
    expect((await s.findByRole('alert')).textContent).toBe("That code didn't work. Check it and try again.");
    expect(account.details.mfa).toBe(false);

    type(s, '6-digit code from the app', OTP);
    fireEvent.click(s.getByRole('button', { name: 'Turn on' }));
    const codes = await s.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(account.recoveryCodes);
    expect(account.details.mfa).toBe(true);
    expect(account.totp).toBe('verified');
    fireEvent.click(s.getByRole('button', { name: 'I saved my codes' }));
    await s.findByText('Two-factor is on');
    expect(s.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('replaces an unfinished authenticator and recovery codes left from before', async () => {
    account.totp = 'verified';
    account.recoveryCodes = ['old'];
    const s = await show();
    fireEvent.click(await s.findByRole('button', { name: 'Turn on two-factor' }));
    await s.findByLabelText('Set-up key');
    type(s, '6-digit code from the app', OTP);
    fireEvent.click(s.getByRole('button', { name: 'Turn on' }));
    await s.findByRole('list', { name: 'Recovery codes' });
    expect(account.recoveryCodes[0]).toBe('new0abcde');
  });

  it('turns off after asking, removing the authenticator', async () => {
    account.details.mfa = true;
    account.totp = 'verified';
    const s = await show();
    fireEvent.click(await s.findByRole('button', { name: 'Turn off two-factor' }));
    fireEvent.click(s.getByRole('button', { name: 'Keep it on' }));
    expect(account.details.mfa).toBe(true);
    fireEvent.click(s.getByRole('button', { name: 'Turn off two-factor' }));
    fireEvent.click(s.getByRole('button', { name: 'Turn off' }));
    await s.findByText('Two-factor is off');
    expect(account.details.mfa).toBe(false);
    expect(account.totp).toBe('none');
  });
});

describe('devices and activity', () => {
  it('lists the sessions and signs out all but this one', async () => {
    account.sessions = [session('s1', true, 'Chrome'), session('s2', false, 'Firefox'), session('s3', false, 'Safari')];
    await show();
    const devices = within(screen.getByRole('region', { name: 'Signed-in devices' }));
    await waitFor(() => expect(devices.getAllByRole('listitem')).toHaveLength(3));
    expect(devices.getAllByRole('listitem')[0]!.textContent).toBe('Chrome 131.0 on Linux RenameThis device203.0.113.7 · signed in 5 minutes ago');
    fireEvent.click(devices.getByRole('button', { name: 'Sign out other devices' }));
    await screen.findByText('Signed out of 2 other devices');
    await waitFor(() => expect(devices.getAllByRole('listitem')).toHaveLength(1));
    expect(account.calls.filter((c) => c.op === 'deleteSession').map((c) => c.args[0])).toEqual(['s2', 's3']);
    expect((devices.getByRole('button', { name: 'Sign out other devices' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the latest activity with time, device and IP address', async () => {
    const time = new Date(Date.now() - 2 * 3600_000).toISOString();
    account.logs = [{ event: 'session.create', ip: '198.51.100.4', time, osName: 'Android', osVersion: '14', clientName: 'Chrome Mobile', clientVersion: '131', deviceName: 'smartphone' }];
    await show();
    const list = await screen.findByRole('list', { name: 'Account activity' });
    expect(within(list).getByRole('listitem').textContent).toBe('Signed in2 hours agoChrome Mobile 131 on Android 14 · 198.51.100.4');
    expect(account.calls.find((c) => c.op === 'listLogs')?.args).toEqual([20]);
  });
});
