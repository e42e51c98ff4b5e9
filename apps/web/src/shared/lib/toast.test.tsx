// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/render.js'; // jsdom's missing matchMedia, which sonner asks for
import { findToast } from '../../test/toast.js';

/** A fresh copy of the module (sonner not loaded yet, no host), and whether sonner was imported. */
async function fresh() {
  vi.resetModules();
  const imported = vi.fn();
  vi.doMock('sonner', async (original) => {
    imported();
    return original<typeof import('sonner')>();
  });
  return { ...(await import('./toast.js')), imported };
}

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  cleanup();
  vi.doUnmock('sonner');
});

describe('toasts, kept out of the first visit', () => {
  it('loads nothing until the page is idle after the first render, then shows a toast asked for meanwhile', async () => {
    const { ToastHost, toast, imported } = await fresh();
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestIdleCallback'] });
    render(<ToastHost />);
    // The live region is there from the first render; the library is not.
    expect(document.querySelector('[aria-live="polite"]')).not.toBeNull();
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    expect(imported).not.toHaveBeenCalled();
    vi.useRealTimers();
    // Asked for before the idle moment: sonner loads at once and the toast shows.
    toast.success('playlist created', { description: 'Saved.' });
    expect(await findToast('playlist created')).toEqual({ type: 'success', description: 'Saved.', action: null });
    expect(imported).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[aria-live="polite"] [data-sonner-toaster]')).not.toBeNull();
  });

  it('loads the library at the first idle moment when no toast is asked for', async () => {
    const { ToastHost, imported } = await fresh();
    render(<ToastHost />);
    await vi.waitFor(() => expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull(), { timeout: 10_000 });
    expect(imported).toHaveBeenCalledTimes(1);
  });

  it('keeps the order of toasts asked for before the library arrived, and dismisses them', async () => {
    const { ToastHost, toast } = await fresh();
    render(<ToastHost />);
    toast('first');
    toast.error('second');
    expect((await findToast('first')).type).toBe(null);
    expect((await findToast('second')).type).toBe('error');
    const order = [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((t) => t.textContent);
    expect(order.filter((t) => t === 'first' || t === 'second')).toEqual(['second', 'first']); // newest on top
    act(() => toast.dismiss());
    await vi.waitFor(() => expect(screen.queryByText('first')).toBeNull(), { timeout: 10_000 });
  });

  it('without a host, a toast waits only for the library; once it is loaded, toasts are shown at once', async () => {
    const { toast, loadToasts } = await fresh();
    const sonner = await loadToasts();
    const shown = vi.spyOn(sonner.toast, 'error');
    toast.error('Search is down', { duration: 1_000 });
    expect(shown).toHaveBeenCalledWith('Search is down', { duration: 1_000 });
  });
});
