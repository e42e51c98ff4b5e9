// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayerStore } from '../../features/player/player-store.js';
import { makeSongs } from '../../test/songs.js';
import { renderApp } from '../../test/render.js';
import { AppShell } from './app-shell.js';
import { promoText } from './top-bar.js';
import { findToast } from '../../test/toast.js';
import { isVisible } from '../../test/visible.js';

const initial = usePlayerStore.getState();

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
  act(() => usePlayerStore.getState().actions.playQueue(makeSongs(2), 0, false));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const shell = (at: string) =>
  renderApp(<AppShell />, {
    path: '/',
    at,
    routes: [],
  });

describe('global chrome (SPEC#chrome-top-bar, SPEC#chrome-bottom-tab-bar, SPEC#chrome-mini-player)', () => {
  it('shows the top bar, the four tabs and the mini player on Home', () => {
    shell('/');
    expect(screen.getByRole('banner').textContent).toContain('Lyra');
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect([...tabs.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Home', 'Search', 'Library', 'Profile']);
    expect(isVisible(screen.getByRole('region', { name: 'Now playing' }))).toBe(true);
    const top = within(screen.getByRole('banner'));
    expect(top.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/profile');
    expect(top.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
  });

  it('hides the tab bar and the mini player on the player route', () => {
    renderApp(<AppShell />, { path: '/player/:songId', at: '/player/song0001' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Now playing' })).toBeNull();
  });

  it('shows the initial of a signed-in user instead of Login', () => {
    localStorage.setItem('User', JSON.stringify({ $id: 'u1', name: 'mira' }));
    shell('/');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Profile of mira' }).textContent).toBe('M');
  });

  it("the share icon copies a link with promotional text: 'Link copied to clipboard!'", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    shell('/');
    fireEvent.click(screen.getByRole('button', { name: 'Share Lyra' }));
    expect(await findToast('Link copied to clipboard!')).toEqual({ type: 'success', description: null, action: null });
    expect(writeText).toHaveBeenCalledWith(promoText(window.location.origin));
    expect(promoText('https://x.example')).toContain('https://x.example/');
  });
});
