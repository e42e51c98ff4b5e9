// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const goOffline = (offline: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
};

describe('offline banner (SPEC#chrome-offline-banner)', () => {
  it("appears offline with 'You are offline. Reconnecting...' and goes away online", () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status').textContent).toContain('You are offline. Reconnecting...');
    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('can be dismissed, and shows again on the next disconnection', () => {
    render(<OfflineBanner />);
    goOffline(true);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    goOffline(false);
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe('You are offline. Reconnecting...');
  });

  it('re-checks the connection every 5 s even without an event', () => {
    vi.useFakeTimers();
    try {
      render(<OfflineBanner />);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => {
      vi.advanceTimersByTime(4_999);
    });
      expect(screen.queryByRole('status')).toBeNull();
      act(() => {
      vi.advanceTimersByTime(1);
    });
      expect(screen.getByRole('status').textContent).toBe('You are offline. Reconnecting...');
    } finally {
      vi.useRealTimers();
    }
  });
});
