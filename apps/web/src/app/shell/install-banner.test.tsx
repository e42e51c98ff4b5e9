// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallBanner } from './install-banner.js';
import { captureInstallPrompt } from './install-prompt.js';
import { isVisible } from '../../test/visible.js';

let standalone = false;
beforeAll(() => {
  window.matchMedia = ((query: string) => ({ matches: standalone && query.includes('standalone'), media: query })) as typeof window.matchMedia;
  captureInstallPrompt(window);
});
beforeEach(() => {
  standalone = false;
  sessionStorage.clear();
});
afterEach(cleanup);

/** What Chrome fires when the app can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn(async () => {});
  const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(e);
  });
  return { prompt, event: e };
}

describe("'Add to home screen' banner (SPEC#chrome-add-home-screen)", () => {
  it('appears when the browser offers installation, and Install Now opens its dialog', async () => {
    render(<InstallBanner />);
    expect(screen.queryByText('Add to home screen')).toBeNull();
    const { prompt, event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(isVisible(screen.getByText('Add to home screen'))).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install Now' }));
    });
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByText('Add to home screen')).toBeNull();
  });

  it('Ignore hides it for the session', () => {
    render(<InstallBanner />);
    offerInstall();
    fireEvent.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(screen.queryByText('Add to home screen')).toBeNull();
    cleanup();
    render(<InstallBanner />);
    offerInstall();
    expect(screen.queryByText('Add to home screen')).toBeNull();
  });

  it('never shows in the installed app (display-mode standalone)', () => {
    standalone = true;
    render(<InstallBanner />);
    offerInstall();
    expect(screen.queryByText('Add to home screen')).toBeNull();
  });

  it('goes away once the app is installed', () => {
    render(<InstallBanner />);
    offerInstall();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByText('Add to home screen')).toBeNull();
  });
});
