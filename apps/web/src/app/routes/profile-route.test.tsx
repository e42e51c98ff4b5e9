// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../features/auth/session-store.js';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { DEFAULT_CONFIG } from '../../shared/lib/client-config.js';
import { renderApp } from '../../test/render.js';
import { ProfileRoute } from './profile-route.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'ada', email: 'ada@example.com' };

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ user: null, checked: true });
  fake = createFakeBackend();
  setBackendForTests(fake);
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  setBackendForTests(null);
  vi.restoreAllMocks();
});

const profile = (config = DEFAULT_CONFIG) => renderApp(<ProfileRoute />, { path: '/me', config });

describe('Profile (SPEC#profile-signed-out, SPEC#profile-signed)', () => {
  it("signed out with Google configured: the heading, and 'Login with Google' runs the token flow back to /callback", async () => {
    profile({ ...DEFAULT_CONFIG, signIn: { google: true, oidc: false, email: true } });
    expect(isVisible(screen.getByRole('heading', { name: 'Your Music, Your Favorites, Your Way!' }))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
    await waitFor(() => expect(fake.oauth).toHaveLength(1));
    const back = `${window.location.origin}/callback`;
    expect(fake.oauth[0]).toEqual({ provider: 'google', success: back, failure: back });
  });

  it('with only a generic OpenID issuer the button runs the oidc provider', async () => {
    profile({ ...DEFAULT_CONFIG, signIn: { google: false, oidc: true, email: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(fake.oauth[0]?.provider).toBe('oidc'));
  });

  it('without OAuth the same button offers email sign-up, which signs the listener in', async () => {
    profile();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(isVisible(await screen.findByRole('button', { name: 'LogOut' }))).toBe(true);
    expect(fake.calls.map((c) => c.op)).toEqual(['createAccount', 'createEmailSession', 'getAccount']);
    expect(isVisible(screen.getByText('grace@example.com'))).toBe(true);
    expect(fake.oauth).toHaveLength(0);
  });

  it("email sign-in shows the backend's refusal and stays open", async () => {
    profile();
    fake.failNext('createEmailSession', Object.assign(new Error('Invalid credentials. Please check the email and password.'), { code: 401 }));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials. Please check the email and password.');
    expect(screen.queryByRole('button', { name: 'LogOut' })).toBeNull();
  });

  it('signed in: initial avatar, name, email and LogOut, which signs out and removes User and userExpiry', async () => {
    localStorage.setItem('User', JSON.stringify(ada));
    localStorage.setItem('userExpiry', String(Date.now() + 60_000));
    fake.user = ada;
    act(() => useSessionStore.getState().setUser(ada));
    profile();
    expect(isVisible(screen.getByText('A'))).toBe(true);
    expect(isVisible(screen.getByRole('heading', { name: 'ada' }))).toBe(true);
    expect(isVisible(screen.getByText('ada@example.com'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'LogOut' }));
    expect(isVisible(await screen.findByRole('heading', { name: 'Your Music, Your Favorites, Your Way!' }))).toBe(true);
    expect(fake.calls.map((c) => c.op)).toEqual(['deleteCurrentSession']);
    expect(localStorage.getItem('User')).toBeNull();
    expect(localStorage.getItem('userExpiry')).toBeNull();
  });

  it('shows System Preferences signed out and signed in', () => {
    profile();
    expect(isVisible(screen.getByRole('heading', { name: 'System Preferences' }))).toBe(true);
    expect(isVisible(screen.getByText('Audio Quality Settings'))).toBe(true);
    expect(isVisible(screen.getByRole('button', { name: 'Report bugs or give feedback' }))).toBe(true);
  });
});
