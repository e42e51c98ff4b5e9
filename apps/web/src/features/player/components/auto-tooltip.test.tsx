// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBackendForTests } from '../../../shared/lib/backend.js';
import { createFakeBackend } from '../../../shared/lib/backend-fake.js';
import { createQueryClient } from '../../../shared/lib/query-client.js';
import { renderApp } from '../../../test/render.js';
import { makeSongs } from '../../../test/songs.js';
import { useSessionStore } from '../../auth/index.js';
import { songVideoKey } from '../../video-mode/index.js';
import { usePlayerStore } from '../player-store.js';
import { PlayerScreen } from './player-screen.js';

const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
const initialPlayer = usePlayerStore.getState();
const songs = makeSongs(2);

/** The three buttons whose tooltips open by themselves, with their tooltip text. */
const AUTO = [
  { button: 'Share song', tooltip: 'Share this song' },
  { button: 'Song suggestions', tooltip: 'Get song suggestions' },
  { button: 'Request video preview', tooltip: 'Request a video preview' },
] as const;

beforeEach(() => {
  vi.useFakeTimers();
  // An open tooltip measures its trigger; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  localStorage.clear();
  setBackendForTests(createFakeBackend({ user: ada }));
  useSessionStore.setState({ user: ada, checked: true });
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  // The first of two songs: suggestions are available.
  act(() => usePlayerStore.getState().actions.playQueue(songs, 0, false));
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  setBackendForTests(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The player screen for the current song, which has no video preview (so the request button shows from the start). */
function renderPlayer() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(songVideoKey(songs[0]!.id), { id: '', song_id: songs[0]!.id, aws_url: '', audio_url: null, hasVideo: false, cachedAt: Date.now() });
  renderApp(<PlayerScreen song={songs[0]!} onBack={() => {}} />, { queryClient });
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
/** Whether the tooltip is open: its text is on screen and the button is described by it. */
function isOpen({ button, tooltip }: (typeof AUTO)[number]): boolean {
  const trigger = screen.getByRole('button', { name: button });
  const tip = screen.queryAllByRole('tooltip').find((t) => t.textContent === tooltip);
  expect(trigger.getAttribute('aria-describedby'), `${button}: described by ${tip ? 'its tooltip' : 'nothing'}`).toBe(tip?.id ?? null);
  return tip !== undefined;
}
const openStates = () => AUTO.map((a) => [a.button, isOpen(a)]);
const all = (open: boolean) => AUTO.map((a) => [a.button, open]);

describe('player tooltips open by themselves at load (SPEC#player-tooltips-share-suggestion, SPEC#limits-tooltip-open-delay)', () => {
  it('share, suggestion and video tooltips open one per frame after the first, each stays open 3 s from when it shows', () => {
    renderPlayer();
    // One per frame: placing a tooltip measures the page, and three at once would be one long task.
    const opened: number[] = [];
    for (let frame = 1; frame <= AUTO.length; frame++) {
      advance(16);
      opened.push(openStates().filter(([, open]) => open).length);
    }
    expect(opened).toEqual([1, 2, 3]);
    expect(openStates()).toEqual(all(true));
    // Each stays 3 s from when it showed (at 16, 32 and 48 ms), however late the screen painted.
    advance(3_015 - 16 * AUTO.length);
    expect(openStates()).toEqual(all(true));
    advance(1);
    expect(openStates()).toEqual([[AUTO[0].button, false], [AUTO[1].button, true], [AUTO[2].button, true]]);
    advance(32);
    expect(openStates()).toEqual(all(false));
    // And they do not come back by themselves.
    advance(10_000);
    expect(openStates()).toEqual(all(false));
  });

  it('on the last song the suggestion tooltip opens with "Not available for last/single song"', () => {
    act(() => usePlayerStore.getState().actions.next());
    renderPlayer();
    advance(16 * AUTO.length);
    expect(screen.queryAllByRole('tooltip').map((t) => t.textContent)).toContain('Not available for last/single song');
    advance(3_000);
    expect(screen.queryAllByRole('tooltip')).toEqual([]);
  });

  it('open by themselves only the first time the player opens on this device', () => {
    renderPlayer();
    advance(16 * AUTO.length);
    expect(openStates()).toEqual(all(true));
    cleanup();
    renderPlayer();
    advance(16 * AUTO.length);
    expect(openStates()).toEqual(all(false));
    advance(3_000);
    expect(openStates()).toEqual(all(false));
  });
});
