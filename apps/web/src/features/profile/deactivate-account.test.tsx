// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { useSessionStore } from '../auth/index.js';
import { DeactivateAccount } from './deactivate-account.js';

// The official SDK's Account, as the section calls it: PATCH /account/status.
const sdk = vi.hoisted(() => ({ updateStatus: vi.fn<() => Promise<unknown>>(), endpoint: '' }));
vi.mock('appwrite', () => ({
  Client: class {
    setEndpoint(e: string) {
      sdk.endpoint = e;
      return this;
    }
    setProject() {
      return this;
    }
  },
  Account: class {
    updateStatus = sdk.updateStatus;
  },
}));
// The files after this one in its worker get the real appwrite.
afterAll(() => void vi.doUnmock('appwrite'));

let backend: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'ada@example.com' };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('User', JSON.stringify(ada));
  useSessionStore.setState({ user: ada, checked: true });
  backend = createFakeBackend({ user: ada });
  setBackendForTests(backend);
  sdk.updateStatus.mockReset();
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  setBackendForTests(null);
});

const show = async () => {
  renderApp(<DeactivateAccount />);
  return within(await screen.findByRole('region', { name: 'Deactivate account' }));
};

describe('Deactivate account', () => {
  it('asks first; keeping the account calls nothing', async () => {
    const s = await show();
    fireEvent.click(s.getByRole('button', { name: 'Deactivate account' }));
    const question = s.getByRole('group', { name: "Deactivate your account? You will be signed out everywhere and can't sign in with it again." });
    fireEvent.click(within(question).getByRole('button', { name: 'Keep my account' }));
    expect(s.queryByRole('group')).toBeNull();
    expect(sdk.updateStatus).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).toEqual(ada);
  });

  it('once confirmed, blocks the account through the SDK and shows this device signed out', async () => {
    sdk.updateStatus.mockResolvedValue({ ...ada, status: false });
    const s = await show();
    fireEvent.click(s.getByRole('button', { name: 'Deactivate account' }));
    fireEvent.click(s.getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('Your account is deactivated');
    expect(sdk.updateStatus).toHaveBeenCalledTimes(1);
    expect(sdk.endpoint).toBe(`${window.location.origin}/v1`);
    expect(useSessionStore.getState().user).toBeNull();
    expect(localStorage.getItem('User')).toBeNull();
  });

  it('a refusal is shown and the listener stays signed in', async () => {
    sdk.updateStatus.mockRejectedValue(Object.assign(new Error('Rate limit for the current endpoint has been exceeded. Please try again after some time.'), { code: 429 }));
    const s = await show();
    fireEvent.click(s.getByRole('button', { name: 'Deactivate account' }));
    fireEvent.click(s.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(s.getByRole('alert').textContent).toBe('Rate limit for the current endpoint has been exceeded. Please try again after some time.'));
    expect(useSessionStore.getState().user).toEqual(ada);
    expect(s.getByRole('button', { name: 'Deactivate' })).toHaveProperty('disabled', false);
  });
});
