// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSongs } from '../../../test/songs.js';
import { renderApp } from '../../../test/render.js';
import { usePlayerStore } from '../player-store.js';
import { QueueDrawer } from './queue-drawer.js';
import { isVisible } from '../../../test/visible.js';

const initial = usePlayerStore.getState();
const scrolled: { title: string | null; options: unknown }[] = [];

beforeEach(() => {
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
    scrolled.push({ title: this.textContent, options });
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('queue drawer (SPEC#player-queue-drawer-lists)', () => {
  it('scrolls the current song to the centre 200 ms after opening', () => {
    vi.useFakeTimers();
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(15), 12, false));
    renderApp(<QueueDrawer open onOpenChange={() => {}} />);
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(scrolled).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]!.title).toContain('Song 13');
    expect(scrolled[0]!.options).toEqual({ block: 'center' });
  });

  it('a tap makes a song current; every song but the current one can be removed', () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(3), 0, false));
    renderApp(<QueueDrawer open onOpenChange={() => {}} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Queue' }));
    expect(dialog.queryByRole('button', { name: 'Remove Song 1 from queue' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Remove Song 2 from queue' }));
    expect(usePlayerStore.getState().queue.map((s) => s.name)).toEqual(['Song 1', 'Song 3']);
    fireEvent.click(dialog.getByRole('button', { name: /^Song 3/ }));
    expect(usePlayerStore.getState().currentIndex).toBe(1);
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    expect(dialog.queryByRole('button', { name: 'Remove Song 3 from queue' })).toBeNull();
    expect(isVisible(dialog.getByRole('button', { name: 'Remove Song 1 from queue' }))).toBe(true);
  });
});
